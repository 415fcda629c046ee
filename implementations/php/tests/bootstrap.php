<?php

declare(strict_types=1);

require __DIR__ . '/../src/autoload.php';
require __DIR__ . '/../src/functions.php';

ini_set('serialize_precision', '-1');
