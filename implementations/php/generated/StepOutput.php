<?php

// GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol 1.0.0-alpha.3). DO NOT EDIT.
// Change the schemas, then regenerate: npm run generate

declare(strict_types=1);

namespace ToolResult\Generated;

final readonly class StepOutput implements \JsonSerializable
{
    /**
     * @param list<mixed> $requests Every request the stack made during the step, in order: the HTTP body its provider
     *     package sent to the fake provider (parsed JSON), or, for a row without a provider, the request as a recording
     *     fake model received it (volatile ids removed).
     * @param mixed $kept What the stack holds for the runtime after the step (the tool message, step result or run
     *     item), as JSON; null when nothing.
     * @param string|null $threw The error the agent step ended with, or null when it finished.
     * @param list<mixed>|Absent $modelRequests Absent::Value when absent. The same requests at the model interface
     *     (what the stack handed its provider integration: a prompt, a message list, a model request), for a row that
     *     also records provider bodies.
     * @param list<StoredOctets>|Absent $persisted Absent::Value when absent. Every store the stack wrote for a
     *     resumable run during the step (a checkpoint database file, a serialized run state, a session database, a
     *     memory store), read back after the step.
     * @param string|Absent $persistedNotApplicable Absent::Value when absent. Why the stack has no persisted state for
     *     a resumable run (TR-STACK-17 is then n/a with this reason).
     * @param list<StoredOctets>|Absent $exported Absent::Value when absent. Every body the fake collector or trace
     *     endpoint on 127.0.0.1 received during the step (OTLP/HTTP protobuf or JSON, a LangSmith run batch, an Agents
     *     SDK trace ingest).
     * @param string|Absent $exportedNotApplicable Absent::Value when absent. Why the stack exports no telemetry the kit
     *     can collect (TR-STACK-18 and TR-STACK-19 are then n/a with this reason).
     * @param array<string, mixed> $additionalMembers
     */
    public function __construct(
        public array $requests,
        public mixed $kept,
        public string|null $threw,
        public array|Absent $modelRequests = Absent::Value,
        public array|Absent $persisted = Absent::Value,
        public string|Absent $persistedNotApplicable = Absent::Value,
        public array|Absent $exported = Absent::Value,
        public string|Absent $exportedNotApplicable = Absent::Value,
        /** Members the schema does not name; the object is open to them. */
        public array $additionalMembers = [],
    ) {
    }

    /** Decodes json_decode() output strictly; throws DecodeError naming the path of what is wrong. */
    public static function fromJson(mixed $data, string $path = '$'): self
    {
        $m = Json::members($data, $path, ['requests', 'kept', 'threw'], null);
        return new self(
            requests: Json::list($m['requests'], $path . '.requests', static fn (mixed $x1, string $p1) => $x1),
            kept: $m['kept'],
            threw: ($m['threw'] === null ? null : Json::string($m['threw'], $path . '.threw')),
            modelRequests: array_key_exists('modelRequests', $m) ? Json::list(
                $m['modelRequests'],
                $path . '.modelRequests',
                static fn (mixed $x1, string $p1) => $x1,
            ) : Absent::Value,
            persisted: array_key_exists('persisted', $m) ? Json::list(
                $m['persisted'],
                $path . '.persisted',
                static fn (mixed $x1, string $p1) => StoredOctets::fromJson($x1, $p1),
            ) : Absent::Value,
            persistedNotApplicable: array_key_exists('persistedNotApplicable', $m) ? Json::string(
                $m['persistedNotApplicable'],
                $path . '.persistedNotApplicable',
            ) : Absent::Value,
            exported: array_key_exists('exported', $m) ? Json::list(
                $m['exported'],
                $path . '.exported',
                static fn (mixed $x1, string $p1) => StoredOctets::fromJson($x1, $p1),
            ) : Absent::Value,
            exportedNotApplicable: array_key_exists('exportedNotApplicable', $m) ? Json::string(
                $m['exportedNotApplicable'],
                $path . '.exportedNotApplicable',
            ) : Absent::Value,
            additionalMembers: array_diff_key(
                $m,
                array_flip(
                    [
                        'requests',
                        'modelRequests',
                        'kept',
                        'threw',
                        'persisted',
                        'persistedNotApplicable',
                        'exported',
                        'exportedNotApplicable',
                    ],
                ),
            ),
        );
    }

    public function jsonSerialize(): \stdClass
    {
        $out = new \stdClass();
        $out->{'requests'} = $this->requests;
        if (!$this->modelRequests instanceof Absent) {
            $out->{'modelRequests'} = $this->modelRequests;
        }
        $out->{'kept'} = $this->kept;
        $out->{'threw'} = $this->threw;
        if (!$this->persisted instanceof Absent) {
            $out->{'persisted'} = $this->persisted;
        }
        if (!$this->persistedNotApplicable instanceof Absent) {
            $out->{'persistedNotApplicable'} = $this->persistedNotApplicable;
        }
        if (!$this->exported instanceof Absent) {
            $out->{'exported'} = $this->exported;
        }
        if (!$this->exportedNotApplicable instanceof Absent) {
            $out->{'exportedNotApplicable'} = $this->exportedNotApplicable;
        }
        foreach ($this->additionalMembers as $k => $x) {
            $out->{$k} = $x;
        }
        return $out;
    }
}
