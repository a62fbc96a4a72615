<?php
// Router for PHP's built-in web server (`php -S`), used by scripts/wp-stack.sh.
// Existing files (static assets, wp-admin/*.php, wp-login.php, ...) are served as they are;
// every other path (/wp-json/..., /my-post/) goes to index.php, as Apache's rewrite rule would.
// Paths under /second/ belong to the stack's second WordPress (its own tree in www/second):
// their other paths go to /second/index.php, as the rewrite rule of a WordPress installed in
// a subdirectory would.
$root = $_SERVER['DOCUMENT_ROOT'];
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if ($path !== '/' && file_exists($root . $path)) {
    if (!is_dir($root . $path) || file_exists(rtrim($root . $path, '/') . '/index.php')) {
        return false; // let the built-in server serve the file or run the script
    }
}
$base = '';
if (($path === '/second' || str_starts_with($path, '/second/')) && is_file($root . '/second/index.php')) {
    $base = '/second';
}
$_SERVER['SCRIPT_NAME'] = $base . '/index.php';
$_SERVER['PHP_SELF'] = $base . '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . $base . '/index.php';
chdir($root . $base);
require $root . $base . '/index.php';
