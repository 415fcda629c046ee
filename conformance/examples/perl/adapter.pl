#!/usr/bin/perl
# A first adapter in a language the repository does not otherwise use: Perl 5 with its core modules
# only. It implements the kit's `coerce` op (spec §3.1: any string to well-formed Unicode) and passes
# the `vector/bound/coerce-strings` group. guides/implementer-quickstart.md builds it step by step;
# conformance/examples/quickstart.test.ts runs the kit against it.
use strict;
use warnings;
use JSON::PP;

my $json = JSON::PP->new->ascii->canonical;    # ASCII out: the line is UTF-8 whatever the locale

my %hello = (
    name => 'perl-quickstart', version => '0.1.0', language => 'perl',
    protocol => 'toolresult-adapter/1', groups => ['bound'],
    stringModel => 'codepoints', cycles => JSON::PP::false, opaqueValues => JSON::PP::false,
);

# Octets to text by the maximal-subpart rule (spec §3.1; Unicode 3.9, table 3-7): a well-formed
# sequence is one code point; otherwise the longest prefix that could still start one becomes a
# single U+FFFD, and decoding goes on after it.
sub decode_octets {
    my @o = unpack 'C*', shift;
    my ($out, $i) = ('', 0);
    while ($i < @o) {
        my $b = $o[$i];
        if ($b < 0x80) { $out .= chr $b; $i++; next }
        my ($n, $lo, $hi, $cp);
        if    ($b >= 0xC2 && $b <= 0xDF) { ($n, $cp) = (1, $b & 0x1F) }
        elsif ($b >= 0xE0 && $b <= 0xEF) { ($n, $cp) = (2, $b & 0x0F) }
        elsif ($b >= 0xF0 && $b <= 0xF4) { ($n, $cp) = (3, $b & 0x07) }
        else { $out .= "\x{FFFD}"; $i++; next }
        # The second octet's range depends on the first (no overlongs, no surrogates, nothing past U+10FFFF).
        ($lo, $hi) = $b == 0xE0 ? (0xA0, 0xBF) : $b == 0xED ? (0x80, 0x9F) : $b == 0xF0 ? (0x90, 0xBF) : $b == 0xF4 ? (0x80, 0x8F) : (0x80, 0xBF);
        my $j = $i + 1;
        for my $k (1 .. $n) {
            my $c = $o[$j];
            last unless defined $c && $c >= ($k == 1 ? $lo : 0x80) && $c <= ($k == 1 ? $hi : 0xBF);
            $cp = ($cp << 6) | ($c & 0x3F);
            $j++;
        }
        $out .= $j - $i == $n + 1 ? chr $cp : "\x{FFFD}";
        $i = $j;
    }
    return $out;
}

# UTF-16 code units to text: a surrogate pair is one code point, a lone surrogate one U+FFFD.
sub decode_units {
    my @u = @{ shift() };
    my $out = '';
    for (my $i = 0; $i < @u; $i++) {
        my $u = $u[$i];
        if ($u >= 0xD800 && $u <= 0xDBFF && defined $u[$i + 1] && $u[$i + 1] >= 0xDC00 && $u[$i + 1] <= 0xDFFF) {
            $out .= chr(0x10000 + (($u - 0xD800) << 10) + ($u[++$i] - 0xDC00));
        } else {
            $out .= $u >= 0xD800 && $u <= 0xDFFF ? "\x{FFFD}" : chr $u;
        }
    }
    return $out;
}

# The tagged values of spec §9.2 that a string can be; a plain JSON string is already text.
sub decode_string {
    my $v = shift;
    return $v unless ref $v eq 'HASH';
    return decode_octets(pack 'H*', $v->{hex}) if $v->{'$tr'} eq 'bytes';
    return decode_units($v->{units}) if $v->{'$tr'} eq 'utf16';
    die "unsupported tag\n";
}

sub handle {
    my ($op, $input) = @_;
    return \%hello if $op eq 'hello';
    return {} if $op eq 'stop';
    return { text => decode_string($input->{value}) } if $op eq 'coerce';
    die { code => 'adapter.unknown_op', message => 'unknown op' };
}

$| = 1;
while (my $line = <STDIN>) {
    my $req = eval { decode_json($line) };
    if (!ref $req) {
        print $json->encode({ id => undef, ok => JSON::PP::false, error => { code => 'adapter.bad_request', message => 'request is not JSON' }, logs => [] }), "\n";
        next;
    }
    my $out = eval { handle($req->{op}, $req->{input}) };
    my $resp = defined $out
      ? { id => $req->{id}, ok => JSON::PP::true, output => $out, logs => [] }
      # The message names the op and quotes nothing of the input (TR-CONF-7).
      : { id => $req->{id}, ok => JSON::PP::false, logs => [],
          error => ref $@ eq 'HASH' ? $@ : { code => 'adapter.exception', message => "unexpected exception in op $req->{op}" } };
    print $json->encode($resp), "\n";
    exit 0 if $req->{op} eq 'stop';
}
