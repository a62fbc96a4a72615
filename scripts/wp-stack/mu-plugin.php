<?php
/**
 * Plugin Name: Countersign local stack
 * Description: Installed by scripts/wp-stack.sh into a throwaway WordPress. Not for production.
 */

// No mail transport on the machine: log mail instead of spawning a missing /usr/sbin/sendmail.
add_filter('pre_wp_mail', function ($null, $atts) {
    $to = is_array($atts['to']) ? implode(',', $atts['to']) : $atts['to'];
    error_log('[countersign-stack] mail to ' . $to . ': ' . $atts['subject']);
    return true;
}, 10, 2);

// Never interrupt a login with the "verify the administration email" screen.
add_filter('admin_email_check_interval', '__return_zero');

// The block editor's welcome guide is a modal that covers the editor: keep it off for every
// user, including users that tests create later.
function countersign_stack_disable_welcome_guides($user_id)
{
    $key = $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences';
    $prefs = get_user_meta($user_id, $key, true);
    $prefs = is_array($prefs) ? $prefs : [];
    $want = [
        'core/edit-post' => ['welcomeGuide' => false],
        'core/edit-site' => ['welcomeGuide' => false, 'welcomeGuideStyles' => false, 'welcomeGuidePage' => false, 'welcomeGuideTemplate' => false],
    ];
    $changed = false;
    foreach ($want as $scope => $values) {
        foreach ($values as $name => $value) {
            if (($prefs[$scope][$name] ?? null) !== $value) {
                $prefs[$scope][$name] = $value;
                $changed = true;
            }
        }
    }
    if ($changed) {
        $prefs['_modified'] = gmdate('Y-m-d\TH:i:s.000\Z');
        update_user_meta($user_id, $key, $prefs);
    }
}
add_action('user_register', 'countersign_stack_disable_welcome_guides');

// The classic editor: always for the seeded "classic" post (the Classic Editor plugin's
// behaviour, which is not packaged here), and for every post when tests opt in:
//   scripts/wp-stack.sh eval "update_option('countersign_classic_editor', 1);"
add_filter('use_block_editor_for_post', function ($use, $post) {
    if (get_option('countersign_classic_editor')) {
        return false;
    }
    if ($post && get_post_meta($post->ID, '_countersign_seed', true) === 'classic') {
        return false;
    }
    return $use;
}, 10, 2);

// A slow machine, on demand: `post.php?post=N&action=edit&countersign_slow_editor=MS` starts the
// block editor MS ms late (its store exists, its post is not set up yet), so tests can see what
// Countersign does while an editor loads. Only this request; at most 60 s.
add_action('admin_enqueue_scripts', function () {
    $ms = isset($_GET['countersign_slow_editor']) ? (int) $_GET['countersign_slow_editor'] : 0;
    if ($ms <= 0 || $ms > 60000) {
        return;
    }
    wp_add_inline_script('wp-editor', "(function () {
        var wp = (window.wp = window.wp || {}), value;
        Object.defineProperty(wp, 'editPost', {
            configurable: true,
            get: function () { return value; },
            set: function (real) {
                var init = real.initializeEditor;
                value = Object.assign({}, real, { initializeEditor: function () {
                    var args = arguments;
                    setTimeout(function () { init.apply(null, args); }, $ms);
                } });
            },
        });
    })();");
});

// A server error that echoes the request's credentials, as a debugging plugin's fatal-error
// page might (tests check that Countersign's logs redact them): GET
// /wp-json/countersign-stack/v1/fail?echo=TEXT answers HTTP 500 with the nonce header, the
// cookies and TEXT in its body.
add_action('rest_api_init', function () {
    register_rest_route('countersign-stack/v1', '/fail', [
        'methods' => 'GET',
        'permission_callback' => '__return_true',
        'callback' => function (WP_REST_Request $request) {
            return new WP_REST_Response([
                'code' => 'internal_server_error',
                'message' => 'Fatal error while handling ' . (string) $request->get_param('echo'),
                'data' => [
                    'nonce' => $request->get_header('x_wp_nonce'),
                    'cookie' => $_SERVER['HTTP_COOKIE'] ?? '',
                ],
            ], 500);
        },
    ]);
});

// Test-only behaviours triggered by markers in a post's title, so one test can have them
// without changing the site for the others:
// - "[classic-editor]" in the stored title opens that post in the classic editor;
// - "[refuse-save]" in a title being saved makes the save fail, as a plugin's validation
//   would (REST answers 400 and nothing is stored);
// - "[slow-save]" in a title being saved through REST makes that save take 3 s longer (a slow
//   site), so a test can act while the write is on its way.
add_filter('use_block_editor_for_post', function ($use, $post) {
    return strpos((string) $post->post_title, '[classic-editor]') !== false ? false : $use;
}, 20, 2);
add_filter('rest_pre_insert_post', function ($prepared) {
    if (isset($prepared->post_title) && strpos((string) $prepared->post_title, '[refuse-save]') !== false) {
        return new WP_Error('countersign_stack_refused', 'The site refused this title.', ['status' => 400]);
    }
    if (isset($prepared->post_title) && strpos((string) $prepared->post_title, '[slow-save]') !== false) {
        sleep(3);
    }
    return $prepared;
});

// The site's Countersign policy cannot be read, on demand (G15 fails closed): while the option
// `countersign_stack_policy_fails` holds an HTTP status (403 or 500), every GET of
// /countersign/v1/policy answers it, as a security plugin or a broken site would; the rest of
// the plugin answers as usual. Tests set and delete the option in the database.
add_filter('rest_pre_dispatch', function ($result, $server, $request) {
    $status = (int) get_option('countersign_stack_policy_fails', 0);
    if (!in_array($status, [403, 500], true) || 'GET' !== $request->get_method()
        || '/countersign/v1/policy' !== untrailingslashit($request->get_route())) {
        return $result;
    }
    return new WP_Error('countersign_stack_policy_fails', 'The policy cannot be read (test stack).', ['status' => $status]);
}, 10, 3);
