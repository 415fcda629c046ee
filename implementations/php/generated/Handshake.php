<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

/**
 * The hello output (adapter-protocol.schema.json#/$defs/HelloOutput).
 */
final readonly class Handshake implements \JsonSerializable
{
    /**
     * @param string $name
     * @param string $version
     * @param string $language
     * @param string $protocol
     * @param list<string> $groups
     * @param 'utf16'|'codepoints'|'bytes' $stringModel
     * @param bool $cycles
     * @param bool $opaqueValues
     * @param bool|Absent $byteArrays Absent::Value when absent. Whether the language has a native byte array (the need
     *     byte-arrays); absent is true.
     * @param string|Absent $specVersion Absent::Value when absent. The spec version the implementation was written for,
     *     when its handshake names one (TR-CONF-24).
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public string $name,
        public string $version,
        public string $language,
        public string $protocol,
        public array $groups,
        public string $stringModel,
        public bool $cycles,
        public bool $opaqueValues,
        public bool|Absent $byteArrays = Absent::Value,
        public string|Absent $specVersion = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['name', 'version', 'language', 'protocol', 'groups', 'stringModel', 'cycles', 'opaqueValues'],
            null,
        );
        return new self(
            name: Json::string($m['name'], $path . '.name'),
            version: Json::string($m['version'], $path . '.version'),
            language: Json::string($m['language'], $path . '.language'),
            protocol: Json::string($m['protocol'], $path . '.protocol'),
            groups: Json::list(
                $m['groups'],
                $path . '.groups',
                static fn (mixed $x1, string $p1) => Json::string($x1, $p1),
            ),
            stringModel: Json::oneOf($m['stringModel'], $path . '.stringModel', ['utf16', 'codepoints', 'bytes']),
            cycles: Json::bool($m['cycles'], $path . '.cycles'),
            opaqueValues: Json::bool($m['opaqueValues'], $path . '.opaqueValues'),
            byteArrays: array_key_exists('byteArrays', $m) ? Json::bool(
                $m['byteArrays'],
                $path . '.byteArrays',
            ) : Absent::Value,
            specVersion: array_key_exists('specVersion', $m) ? Json::string(
                $m['specVersion'],
                $path . '.specVersion',
            ) : Absent::Value,
            additionalMembers: array_diff_key(
                $m,
                array_flip(
                    [
                        'name',
                        'version',
                        'language',
                        'protocol',
                        'groups',
                        'stringModel',
                        'cycles',
                        'opaqueValues',
                        'byteArrays',
                        'specVersion',
                    ],
                ),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'name'} = $this->name;
        $out->{'version'} = $this->version;
        $out->{'language'} = $this->language;
        $out->{'protocol'} = $this->protocol;
        $out->{'groups'} = $this->groups;
        $out->{'stringModel'} = $this->stringModel;
        $out->{'cycles'} = $this->cycles;
        $out->{'opaqueValues'} = $this->opaqueValues;
        if (!$this->byteArrays instanceof Absent) {
            $out->{'byteArrays'} = $this->byteArrays;
        }
        if (!$this->specVersion instanceof Absent) {
            $out->{'specVersion'} = $this->specVersion;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
