<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.2). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class ComplianceReportStacksItem implements \JsonSerializable
{
    /** 'runs': minimum from the schema. */
    public const RUNS_MINIMUM = 0;

    /**
     * @param string $id <stack>-<mode>@<provider>.
     * @param string $stack The agent stack, e.g. langchain.
     * @param string $mode The option or entry point of the stack the row runs, e.g. stream.
     * @param string $provider The provider wire format whose HTTP body the row judges: openai-chat, openai-responses,
     *     anthropic, gemini or bedrock-converse.
     * @param string $name
     * @param string $version Every package of the stack as name@exact-version, space-separated, read from the installed
     *     packages.
     * @param string $runtime Language and runtime with its exact version, e.g. javascript (node v20.20.2).
     * @param string $setup How the adapter wires the stack, in one line.
     * @param bool $control The control row, which must pass every check.
     * @param string $adapter The command that starts the adapter, from the repository root.
     * @param int|Absent $runs Absent::Value when absent. The row's cap on generated cases per cell, when lower than
     *     kit.runs (a stack whose step costs seconds).
     * @param string|Absent $error Absent::Value when absent. Why the row could not be run.
     */
    public function __construct(
        public string $id,
        public string $stack,
        public string $mode,
        public string $provider,
        public string $name,
        public string $version,
        public string $runtime,
        public string $setup,
        public bool $control,
        public string $adapter,
        public int|Absent $runs = Absent::Value,
        public string|Absent $error = Absent::Value,
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members(
            $data,
            $path,
            ['id', 'stack', 'mode', 'provider', 'name', 'version', 'runtime', 'setup', 'control', 'adapter'],
            [
                'id',
                'stack',
                'mode',
                'provider',
                'name',
                'version',
                'runtime',
                'setup',
                'runs',
                'control',
                'adapter',
                'error',
            ],
        );
        return new self(
            id: Json::string($m['id'], $path . '.id'),
            stack: Json::string($m['stack'], $path . '.stack'),
            mode: Json::string($m['mode'], $path . '.mode'),
            provider: Json::string($m['provider'], $path . '.provider'),
            name: Json::string($m['name'], $path . '.name'),
            version: Json::string($m['version'], $path . '.version'),
            runtime: Json::string($m['runtime'], $path . '.runtime'),
            setup: Json::string($m['setup'], $path . '.setup'),
            control: Json::bool($m['control'], $path . '.control'),
            adapter: Json::string($m['adapter'], $path . '.adapter'),
            runs: array_key_exists('runs', $m) ? Json::int($m['runs'], $path . '.runs') : Absent::Value,
            error: array_key_exists('error', $m) ? Json::string($m['error'], $path . '.error') : Absent::Value,
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'id'} = $this->id;
        $out->{'stack'} = $this->stack;
        $out->{'mode'} = $this->mode;
        $out->{'provider'} = $this->provider;
        $out->{'name'} = $this->name;
        $out->{'version'} = $this->version;
        $out->{'runtime'} = $this->runtime;
        $out->{'setup'} = $this->setup;
        if (!$this->runs instanceof Absent) {
            $out->{'runs'} = $this->runs;
        }
        $out->{'control'} = $this->control;
        $out->{'adapter'} = $this->adapter;
        if (!$this->error instanceof Absent) {
            $out->{'error'} = $this->error;
        }
        return $out;
    }
}
