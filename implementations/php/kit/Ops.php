<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Bound\Bounder;
use ToolResult\Bound\Utf8;
use ToolResult\Bound\Walker;
use ToolResult\Egress\Wire;
use ToolResult\Exposure\Exposure;
use ToolResult\Exposure\ExposurePolicy;
use ToolResult\Hooks\Pipeline;
use ToolResult\Json\JsonData;
use ToolResult\Ledger\Ledger;
use ToolResult\Ledger\LedgerError;
use ToolResult\Model\Absent;
use ToolResult\Model\InvalidOptions;
use ToolResult\Model\ToolResult;
use ToolResult\Normalize\LangChainNormalizer;
use ToolResult\Normalize\LocalNormalizer;
use ToolResult\Normalize\McpNormalizer;
use ToolResult\Normalize\NormalizeOptions;
use ToolResult\Normalize\PendingCall;
use ToolResult\Sinks\Audit;
use ToolResult\Sinks\Sinks;

/** The adapter's operations (spec §9.3): each decodes its input, calls the library, returns plain JSON. */
final class Ops
{
    public const GROUPS = [
        'bound', 'egress', 'sinks', 'ledger', 'hooks',
        'normalize-mcp', 'normalize-langchain', 'normalize-local', 'exposure',
    ];

    /** Decoded inputs of the request at hand, taken apart afterwards (Dismantle). */
    public array $decoded = [];

    public function __construct(private readonly LogCapture $log)
    {
    }

    public function handle(string $op, \stdClass $input): mixed
    {
        return match ($op) {
            'hello' => [
                'name' => 'toolresult-php', 'version' => \ToolResult\Version::VERSION,
                'language' => 'php ' . PHP_VERSION,
                'protocol' => 'toolresult-adapter/1', 'groups' => self::GROUPS, 'stringModel' => 'bytes',
                'cycles' => true, 'opaqueValues' => true,
                // PHP has no native byte array (TR-NORM-10): its strings are always base64 text.
                'byteArrays' => false,
                // The package carries the spec's version: the kit explains failures against it (TR-CONF-24).
                'specVersion' => \ToolResult\Version::VERSION,
            ],
            'stop' => new \stdClass(),
            // The cost profile's floor: decode the value as every op does, and do nothing with it.
            'decode' => $this->decodeOnly($input),
            'serialize' => $this->serialize($input),
            'coerce' => ['text' => Utf8::coerce($this->string($input, 'value'))],
            'measure' => $this->measure($input),
            'bound' => ['result' => $this->bounded($input)->toRecord()],
            'wire' => ['message' => Wire::message($this->bounded($input))],
            'live' => ['event' => Sinks::liveEvent($this->bounded($input))],
            'suspend' => ['state' => Sinks::suspendState($this->bounded($input))],
            'audit' => $this->audit($input),
            'persist' => ['entry' => Ledger::persist($this->bounded($input))],
            'restore' => $this->restore($input),
            'hooks' => $this->hooks($input),
            'normalize' => $this->normalize($input),
            default => throw new UnknownOp(),
        };
    }

    /** @var list<TaggedDecoder> */
    public array $decoders = [];

    private function decode(mixed $node): mixed
    {
        $decoder = new TaggedDecoder();
        $this->decoders[] = $decoder;
        $v = $decoder->decode($node);
        $this->decoded[] = $v;
        return $v;
    }

    private function decodeOnly(\stdClass $input): \stdClass
    {
        $this->decode(property_exists($input, 'value') ? $input->value : null);
        return new \stdClass();
    }

    /** A tagged string decoded, or null when the node is not a string. */
    public function decodeString(mixed $node): ?string
    {
        $v = $this->decode($node);
        return is_string($v) ? $v : null;
    }

    private function string(\stdClass $input, string $name): string
    {
        if (!property_exists($input, $name)) {
            throw new BadInput("missing {$name}");
        }
        $v = $this->decode($input->{$name});
        if (!is_string($v)) {
            throw new BadInput("{$name} is not a string");
        }
        return $v;
    }

    private function measure(\stdClass $input): array
    {
        if (!property_exists($input, 'value') || !is_int($input->budget ?? null) && !is_float($input->budget ?? null)) {
            throw new BadInput('measure needs value and budget');
        }
        $m = Walker::measure($this->decode($input->value), (int) $input->budget, false);
        return $m->verdict->value === 'ok'
            ? ['verdict' => 'ok', 'octets' => $m->octets]
            : ['verdict' => $m->verdict->value];
    }

    /** A tool result built from a result input with the library's own factories (§9.3). */
    public function result(mixed $in): mixed
    {
        // A missing content is no shape error: the bounder fails it closed, as it does a content
        // that is not a string (§9.3, TR-BOUND-4); nor is a missing isError, or one that is not a
        // boolean: the bounder makes a success result of it (TR-BOUND-17).
        // A tag that stands for no object (the undefined tag: a result not given) is no result input.
        if (!$in instanceof \stdClass || (property_exists($in, '$tr') && !$this->decode($in) instanceof \stdClass)) {
            throw new BadInput('result input is not an object');
        }
        $hasContent = property_exists($in, 'content');
        $content = $hasContent ? $this->decode($in->content) : Absent::Value;
        $structured = property_exists($in, 'structured') ? $this->decode($in->structured) : Absent::Value;
        $artifacts = property_exists($in, 'artifacts') ? $this->decode($in->artifacts) : Absent::Value;
        // A warnings member that is not a list carries no code, as an item that is not a code
        // carries none: ignored, not a shape error (§9.3).
        $warnings = property_exists($in, 'warnings') && is_array($in->warnings) ? $in->warnings : [];
        $isError = property_exists($in, 'isError') ? $in->isError : Absent::Value;
        $hasArtifacts = $artifacts !== Absent::Value;
        if (!is_string($content) || !is_bool($isError) || ($isError && $hasArtifacts)) {
            // What an untyped caller hands the bounder: a mapping with the result's members.
            $m = ['warnings' => $warnings];
            if ($isError !== Absent::Value) {
                $m['isError'] = $isError;
            }
            if ($hasContent) {
                $m['content'] = $content;
            }
            if ($structured !== Absent::Value) {
                $m['structured'] = $structured;
            }
            if ($hasArtifacts) {
                $m['artifacts'] = $artifacts;
            }
            return $m;
        }
        if ($isError) {
            return ToolResult::error($content, $structured, $warnings);
        }
        return ToolResult::text($content, $structured, $hasArtifacts ? $artifacts : [], $warnings);
    }

    /**
     * The input's options. A budget given as the tag {"$tr":"opaque","kind":"undefined"} is a budget
     * given as JavaScript's undefined (spec §2.4, §9.3): the implementation gets its missing-value
     * marker there, which takes the default. Only the three budgets are read this way. A JSON list
     * (an `array` here, since objects arrive as `stdClass`) is not an options object over the
     * protocol, though the library takes a PHP `array` as options (§9.3): it is refused.
     */
    private function options(\stdClass $input): mixed
    {
        $options = property_exists($input, 'options') ? $input->options : null;
        if (is_array($options)) {
            throw new InvalidOptions('options', 'a list is not an options object');
        }
        if (!$options instanceof \stdClass) {
            return $options;
        }
        $out = null;
        foreach (['contentBudget', 'artifactsBudget', 'structuredBudget'] as $name) {
            $v = property_exists($options, $name) ? $options->{$name} : null;
            if ($v instanceof \stdClass && ($v->{'$tr'} ?? null) === 'opaque' && ($v->kind ?? null) === 'undefined') {
                $out ??= clone $options;
                $out->{$name} = Absent::Value;
            }
        }
        return $out ?? $options;
    }

    /**
     * The input's exposure policy (§9.3, spec §12.7): no member is none. Its tagged values are decoded
     * like every other (TR-CONF-4), so a pointer sent as a `bytes` tag reaches the check as the octets
     * a PHP string holds. A policy that does not match the schema, or holds a tag that is not one, is
     * refused as options.invalid (TR-EXPOSE-2), as the reference refuses any tag object there.
     */
    private function exposure(\stdClass $input): ExposurePolicy
    {
        if (!property_exists($input, 'exposure')) {
            return ExposurePolicy::none();
        }
        try {
            $policy = $this->decode($input->exposure);
        } catch (BadInput) {
            throw new InvalidOptions('exposure', 'the policy holds a malformed tagged value');
        }
        return ExposurePolicy::from($policy);
    }

    /** A result input bounded, then exposed with the same budgets: what every op of a result is given. */
    private function bounded(\stdClass $input): \ToolResult\Model\BoundedToolResult
    {
        // The result input's shape before the options (TR-CONF-21).
        $result = $this->result($input->result ?? null);
        $options = $this->options($input);
        // The common-case profile bounds one built result `repeat` times: the work, not the request.
        for ($i = $this->repeat($input); $i > 1; $i--) {
            Bounder::bound($result, $options);
        }
        $bounded = Bounder::bound($result, $options);
        return Exposure::expose($bounded, $this->exposure($input), $options);
    }

    private function repeat(\stdClass $input): int
    {
        $times = $input->repeat ?? 1;
        if (is_float($times) && floor($times) === $times) {
            $times = (int) $times;
        }
        if (!is_int($times) || $times < 1) {
            throw new BadInput('repeat must be an integer of at least 1');
        }
        return $times;
    }

    /**
     * The common-case floor: PHP's own serializer and the length of its text, nothing else. The flags
     * are those a PHP system sets to write JSON for a model (the seed's bounder among them):
     * non-ASCII and slashes unescaped, an ill-formed octet sequence replaced rather than failing.
     */
    private function serialize(\stdClass $input): array
    {
        $times = $this->repeat($input);
        $value = $this->decode(property_exists($input, 'value') ? $input->value : null);
        $octets = 0;
        for ($i = 0; $i < $times; $i++) {
            $flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE;
            $octets = strlen((string) json_encode($value, $flags));
        }
        return ['octets' => $octets];
    }

    private function audit(\stdClass $input): array
    {
        $levels = $input->levels ?? null;
        if (!is_array($levels)) {
            throw new BadInput('levels is not a list');
        }
        return ['record' => Audit::record($this->bounded($input), $levels)];
    }

    private function restore(\stdClass $input): array
    {
        if (!is_string($input->entry ?? null)) {
            throw new BadInput('entry is not a string');
        }
        return ['result' => Ledger::restore(RequestJson::fix($input->entry))->toRecord()];
    }

    private function hooks(\stdClass $input): array
    {
        $descriptions = $input->hooks ?? null;
        if (!is_array($descriptions)) {
            throw new BadInput('hooks is not a list');
        }
        // The op's own inputs before the options (TR-CONF-21): the descriptions are built first.
        $hooks = array_map(fn (mixed $d): \Closure => HookDescriptions::build($d, $this), $descriptions);
        $result = $this->result($input->result ?? null);
        $options = $this->options($input);
        $first = Bounder::bound($result, $options);
        $policy = $this->exposure($input); // refused before any hook runs
        // Exposed after the hooks, as the seam does (TR-EXPOSE-3).
        $final = Pipeline::transform($first, $hooks, $options, $this->log);
        return ['result' => Exposure::expose($final, $policy, $options)->toRecord()];
    }

    private function normalize(\stdClass $input): array
    {
        $source = $input->source ?? null;
        $sources = ['mcp', 'langchain', 'local', 'local-result'];
        if (!property_exists($input, 'value') || !in_array($source, $sources, true)) {
            throw new BadInput('normalize needs source and value');
        }
        if ($source === 'local-result') {
            // A local tool that returned a tool result (§9.3, TR-NORM-62): the value is a result
            // input, built with the library's factories and handed to the local normalizer; its
            // shape is checked before the options (TR-CONF-21).
            $result = $this->result($input->value);
            $options = NormalizeOptions::from($this->options($input));
            return ['result' => LocalNormalizer::normalize($result, $options)->toRecord()];
        }
        $options = NormalizeOptions::from($this->options($input));
        $value = $this->decode($input->value);
        try {
            $r = match ($source) {
                'mcp' => McpNormalizer::normalize($value, $options),
                'langchain' => LangChainNormalizer::normalize($value, $options),
                'local' => LocalNormalizer::normalize($value, $options),
            };
        } catch (PendingCall $pending) {
            // TR-NORM-23, TR-NORM-24: an answer that is not finished is no result; the kit reads pending.
            return ['pending' => $pending->toRecord()];
        }
        return ['result' => $r->toRecord()];
    }
}
