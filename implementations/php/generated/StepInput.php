<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class StepInput implements \JsonSerializable
{
    /**
     * @param array<string, mixed> $result The MCP CallToolResult the server returns for the tool call, plain JSON,
     *     served as it is.
     * @param array<string, mixed>|Absent $outputSchema Absent::Value when absent. The tool’s outputSchema as tools/list
     *     declares it.
     * @param string|Absent $provider Absent::Value when absent. The provider format the row sends through (openai-chat,
     *     openai-responses, anthropic, gemini, bedrock-converse); one adapter process serves every provider row of a
     *     stack mode.
     * @param 'content'|Absent $telemetry Absent::Value when absent. Absent: the stack's tracing or telemetry is
     *     switched on at its documented defaults. "content": switched on with its content-recording setting on (AI SDK
     *     recordInputs/recordOutputs, OpenTelemetry GenAI content capture, LangSmith's hide flags off, the Agents SDK's
     *     trace_include_sensitive_data, Pydantic AI's include_content).
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public array $result,
        public array|Absent $outputSchema = Absent::Value,
        public string|Absent $provider = Absent::Value,
        public string|Absent $telemetry = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
        if ($this->telemetry !== 'content') {
            throw new DecodeError('StepInput: member \'telemetry\' must be "content"');
        }
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['result'], null);
        return new self(
            result: Json::map($m['result'], $path . '.result', static fn (mixed $x1, string $p1) => $x1),
            outputSchema: array_key_exists('outputSchema', $m) ? Json::map(
                $m['outputSchema'],
                $path . '.outputSchema',
                static fn (mixed $x1, string $p1) => $x1,
            ) : Absent::Value,
            provider: array_key_exists('provider', $m) ? Json::string(
                $m['provider'],
                $path . '.provider',
            ) : Absent::Value,
            telemetry: array_key_exists('telemetry', $m) ? Json::oneOf(
                $m['telemetry'],
                $path . '.telemetry',
                ['content'],
            ) : Absent::Value,
            additionalMembers: array_diff_key($m, array_flip(['result', 'outputSchema', 'provider', 'telemetry'])),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'result'} = Json::object($this->result);
        if (!$this->outputSchema instanceof Absent) {
            $out->{'outputSchema'} = Json::object($this->outputSchema);
        }
        if (!$this->provider instanceof Absent) {
            $out->{'provider'} = $this->provider;
        }
        if (!$this->telemetry instanceof Absent) {
            $out->{'telemetry'} = $this->telemetry;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
