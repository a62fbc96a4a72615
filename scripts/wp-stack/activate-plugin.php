<?php
// Activates the Countersign companion plugin (copied into the stack by wp-stack.sh) when it is
// not active yet; an active one gets its schema upgrade check, as on every request.
// Usage: php activate-plugin.php STACK_DIR PORT
declare(strict_types=1);

if ($argc < 3) {
    fwrite(STDERR, "usage: activate-plugin.php STACK_DIR PORT\n");
    exit(2);
}
[, $dir, $port] = $argv;
$_SERVER['HTTP_HOST'] = "127.0.0.1:$port";
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = $port;
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
require $dir . '/www/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

const COUNTERSIGN_PLUGIN = 'countersign/countersign.php';
if (!is_plugin_active(COUNTERSIGN_PLUGIN)) {
    $result = activate_plugin(COUNTERSIGN_PLUGIN);
    if (is_wp_error($result)) {
        fwrite(STDERR, 'activating the Countersign plugin failed: ' . $result->get_error_code() . ': ' . $result->get_error_message() . "\n");
        exit(1);
    }
}
if (!is_plugin_active(COUNTERSIGN_PLUGIN) || (int) get_option('countersign_schema_version', 0) < 1) {
    fwrite(STDERR, "the Countersign plugin is not active with its tables\n");
    exit(1);
}
