<?php
// Runs PHP code with a multisite network's WordPress loaded, from the command line (the test
// network of tests/integration/server/network.test.ts: a copy of the stack's tree under
// STACK_DIR/network, tables wn_*, sites on the made-up host network.test). Test-only.
// Usage: php ms-eval.php NETWORK_DIR install|run CODE
// `install` loads the tree as a single site while WordPress installs (the network comes after).
if ($argc < 4) {
    fwrite(STDERR, "usage: ms-eval.php NETWORK_DIR install|run CODE\n");
    exit(2);
}
[, $dir, $phase, $code] = $argv;
$_SERVER['HTTP_HOST'] = 'network.test';
$_SERVER['SERVER_NAME'] = 'network.test';
$_SERVER['SERVER_PORT'] = '80';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
if ($phase === 'install') {
    putenv('COUNTERSIGN_NETWORK_PHASE=install');
    define('WP_INSTALLING', true);
}
require $dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
eval($code);
