<?php
// Runs PHP code with WordPress loaded (a stand-in for `wp eval`; wp-cli is not packaged in Debian).
// Usage: php eval.php STACK_DIR PORT CODE|- [USER_LOGIN]
if ($argc < 4) {
    fwrite(STDERR, "usage: eval.php STACK_DIR PORT CODE|- [USER_LOGIN]\n");
    exit(2);
}
[, $dir, $port, $code] = $argv;
$_SERVER['HTTP_HOST'] = "127.0.0.1:$port";
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = $port;
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
require $dir . '/www/wp-load.php';
if ($code === '-') {
    $code = stream_get_contents(STDIN);
}
if (!empty($argv[4])) {
    $user = get_user_by('login', $argv[4]);
    if (!$user) {
        fwrite(STDERR, "no such user: {$argv[4]}\n");
        exit(2);
    }
    wp_set_current_user($user->ID);
}
eval($code);
