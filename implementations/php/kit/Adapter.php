<?php

declare(strict_types=1);

namespace ToolResult\Kit;

use ToolResult\Generated\DecodeError;
use ToolResult\Generated\Request;
use ToolResult\Ledger\LedgerError;
use ToolResult\Model\InvalidOptions;

/**
 * The stdio loop (TR-CONF-1, -2, -3, -7): one JSON request per line in, one response per line out,
 * nothing else on standard output.
 */
final class Adapter
{
    public static function main($in, $out): int
    {
        ini_set('serialize_precision', '-1');
        while (($line = fgets($in)) !== false) {
            if (trim($line) === '') {
                continue;
            }
            [$response, $stop] = self::answer($line);
            fwrite($out, $response . "\n");
            fflush($out);
            if ($stop) {
                return 0;
            }
        }
        return 0;
    }

    /** @return array{0:string,1:bool} */
    public static function answer(string $line): array
    {
        $req = RequestJson::decode($line);
        if (!self::isRequest($req)) {
            $error = ['code' => 'adapter.bad_request', 'message' => 'the line is not a request'];
            return [self::encode(['id' => null, 'ok' => false, 'error' => $error, 'logs' => []]), false];
        }
        $op = $req->op;
        $log = new LogCapture();
        $ops = new Ops($log);
        try {
            $output = $ops->handle($op, $req->input);
            $response = ['id' => $req->id, 'ok' => true, 'output' => $output, 'logs' => $log->lines];
        } catch (UnknownOp) {
            $response = self::error($req->id, 'adapter.unknown_op', "unknown op {$op}", $log);
        } catch (BadInput) {
            $response = self::error($req->id, 'adapter.bad_input', "input of op {$op} does not have its shape", $log);
        } catch (InvalidOptions $e) {
            $response = self::error($req->id, 'options.invalid', $e->getMessage(), $log);
        } catch (LedgerError $e) {
            $response = self::error($req->id, $e->codeName, $e->getMessage(), $log);
        } catch (\Throwable) {
            // Quotes nothing of the input or of the exception (TR-CONF-7).
            $response = self::error($req->id, 'adapter.exception', "unexpected exception in op {$op}", $log);
        }
        $text = self::encode($response);
        try {
            foreach ($ops->decoded as $v) {
                Dismantle::value($v);
            }
        } catch (\Throwable) {
            // Taking the input apart only saves PHP a deep recursive free; the answer stands.
        }
        $ops->decoded = [];
        foreach ($ops->decoders as $d) {
            $d->release();
        }
        $ops->decoders = [];
        return [$text, $op === 'stop'];
    }

    /**
     * The envelope as adapter-protocol.schema.json has it (the generated Request decoder, and the
     * id's minimum it emits); input must be a JSON object, which the ops read as the stdClass itself.
     */
    private static function isRequest(mixed $req): bool
    {
        try {
            $request = Request::fromJson($req);
        } catch (DecodeError) {
            return false;
        }
        return $request->id >= Request::ID_MINIMUM && $req->input instanceof \stdClass;
    }

    private static function error(mixed $id, string $code, string $message, LogCapture $log): array
    {
        return ['id' => $id, 'ok' => false, 'error' => ['code' => $code, 'message' => $message], 'logs' => $log->lines];
    }

    private static function encode(array $response): string
    {
        try {
            return ResponseJson::encode($response);
        } catch (\Throwable) {
            $error = ['code' => 'adapter.exception', 'message' => 'the answer could not be written'];
            return ResponseJson::encode(['id' => $response['id'], 'ok' => false, 'error' => $error, 'logs' => []]);
        }
    }
}
