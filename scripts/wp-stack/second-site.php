<?php
// Installs and seeds the SECOND WordPress of a stack: a separate single-site install under
// /second/ on the same origins (its own tree in www/second, its own tables `ws_*` in the same
// database). Two sites on one origin is what a subdirectory multisite or two installs on one
// host look like to a browser: the same origin, the same user ids (admin is user 1 on both),
// the same post ids, different REST roots. Tests use it to show that a thread of one site
// never reads or writes the other.
//
// Idempotent like seed.php; writes STACK_DIR/second-site.json atomically, prints nothing.
// Usage: php second-site.php STACK_DIR PORT
declare(strict_types=1);

if ($argc < 3) {
    fwrite(STDERR, "usage: second-site.php STACK_DIR PORT\n");
    exit(2);
}
[, $dir, $port] = $argv;
$port = (int) $port;
$origin = "http://127.0.0.1:$port";
$url = "$origin/second";

$_SERVER['HTTP_HOST'] = "127.0.0.1:$port";
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['SERVER_PORT'] = (string) $port;
$_SERVER['REQUEST_URI'] = '/second/';
$_SERVER['REQUEST_METHOD'] = 'GET';
define('WP_INSTALLING', true);
require $dir . '/www/second/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

function second_fail(string $msg): void
{
    fwrite(STDERR, "second-site: $msg\n");
    exit(1);
}

if (!is_blog_installed()) {
    $r = wp_install('Second Sandbox', 'admin', 'admin@second.example.test', true, '', 'admin-pass');
    if (is_wp_error($r)) {
        second_fail('wp_install: ' . $r->get_error_message());
    }
}
update_option('siteurl', $url);
update_option('home', $url);
update_option('blogname', 'Second Sandbox');
update_option('timezone_string', 'UTC');
update_option('permalink_structure', '/%postname%/');
wp_set_current_user(1);
$admin = get_user_by('id', 1);
if (!$admin || $admin->user_login !== 'admin') {
    second_fail('user 1 of the second site is not admin');
}
if (!wp_check_password('admin-pass', $admin->user_pass, 1)) {
    wp_set_password('admin-pass', 1);
}
if (function_exists('countersign_stack_disable_welcome_guides')) {
    countersign_stack_disable_welcome_guides(1);
}

// The post every second-site test reads: found by its seed meta, created when missing.
$found = get_posts([
    'post_type' => 'post',
    'post_status' => 'any',
    'meta_key' => '_countersign_seed',
    'meta_value' => 'second-published',
    'fields' => 'ids',
    'numberposts' => 1,
]);
$published = $found[0] ?? 0;
if (!$published) {
    $published = wp_insert_post([
        'post_title' => 'A post of the second site',
        'post_content' => "<!-- wp:paragraph -->\n<p>This post lives on the second site.</p>\n<!-- /wp:paragraph -->",
        'post_status' => 'publish',
        'post_author' => 1,
        'meta_input' => ['_countersign_seed' => 'second-published'],
    ], true);
    if (is_wp_error($published)) {
        second_fail('create post: ' . $published->get_error_message());
    }
}
$hello = get_post(1);

$seed = [
    'schema' => 1,
    'url' => $url,
    'restRoot' => "$url/wp-json/",
    'adminUrl' => "$url/wp-admin/",
    'loginUrl' => "$url/wp-login.php",
    'siteTitle' => 'Second Sandbox',
    'admin' => ['id' => 1, 'login' => 'admin', 'password' => 'admin-pass'],
    'posts' => ['published' => (int) $published, 'helloWorld' => $hello ? 1 : 0],
];
$path = "$dir/second-site.json";
$tmp = "$path.tmp";
if (file_put_contents($tmp, json_encode($seed, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n") === false
    || !rename($tmp, $path)) {
    second_fail("cannot write $path");
}
