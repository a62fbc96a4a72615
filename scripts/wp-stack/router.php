<?php
// Router for PHP's built-in web server (`php -S`), used by scripts/wp-stack.sh.
// Existing files (static assets, wp-admin/*.php, wp-login.php, ...) are served as they are;
// every other path (/wp-json/..., /my-post/) goes to index.php, as Apache's rewrite rule would.
$root = $_SERVER['DOCUMENT_ROOT'];
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
if ($path !== '/' && file_exists($root . $path)) {
    if (!is_dir($root . $path) || file_exists(rtrim($root . $path, '/') . '/index.php')) {
        return false; // let the built-in server serve the file or run the script
    }
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir($root);
require $root . '/index.php';
