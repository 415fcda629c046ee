<?php

declare(strict_types=1);

namespace ToolResult\Model;

/**
 * Every conversion PHP has for an object shows the result's shape only (TR-EGRESS-1): __toString,
 * __debugInfo (var_dump), __serialize (serialize), jsonSerialize (json_encode). print_r, var_export
 * and casts see only the public properties content and isError; the run-only channels live in
 * RunOnlyStore.
 */
trait ShowsShape
{
    abstract private function shape(): array;

    public function __toString(): string
    {
        $s = $this->shape();
        return sprintf(
            '%s(isError=%s, contentOctets=%d, hasStructured=%s, artifacts=%d, warnings=[%s])',
            (new \ReflectionClass($this))->getShortName(),
            $s['isError'] ? 'true' : 'false',
            $s['contentOctets'],
            $s['hasStructured'] ? 'true' : 'false',
            $s['artifactCount'],
            implode(',', $s['warnings']),
        );
    }

    public function __debugInfo(): array
    {
        return $this->shape();
    }

    public function __serialize(): array
    {
        return $this->shape();
    }

    public function __unserialize(array $data): void
    {
        throw new \LogicException('a tool result cannot be unserialized; restore a ledger entry instead');
    }

    public function jsonSerialize(): mixed
    {
        return $this->shape();
    }
}
