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

// Opt-in classic editor for tests:
//   scripts/wp-stack.sh eval "update_option('countersign_classic_editor', 1);"
add_filter('use_block_editor_for_post', function ($use) {
    return get_option('countersign_classic_editor') ? false : $use;
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
