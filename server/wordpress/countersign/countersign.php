<?php
/**
 * Plugin Name:       Countersign
 * Description:       The site's side of the Countersign browser extension: every browser's audit of the AI agent mirrored into the site, and one gate policy for the whole site.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            Countersign
 * License:           GPL-2.0-or-later
 * Text Domain:       countersign
 * Domain Path:       /languages
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

define( 'COUNTERSIGN_VERSION', '0.1.0' );
define( 'COUNTERSIGN_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-countersign-i18n.php';
require_once __DIR__ . '/includes/class-countersign-schema.php';
require_once __DIR__ . '/includes/class-countersign-chain.php';
require_once __DIR__ . '/includes/class-countersign-chain-adopt.php';
require_once __DIR__ . '/includes/class-countersign-chain-verify.php';
require_once __DIR__ . '/includes/class-countersign-errors.php';
require_once __DIR__ . '/includes/class-countersign-json.php';
require_once __DIR__ . '/includes/class-countersign-record-history.php';
require_once __DIR__ . '/includes/class-countersign-record-validator.php';
require_once __DIR__ . '/includes/class-countersign-record-store.php';
require_once __DIR__ . '/includes/class-countersign-record-query.php';
require_once __DIR__ . '/includes/class-countersign-record-attestation.php';
require_once __DIR__ . '/includes/class-countersign-export.php';
require_once __DIR__ . '/includes/class-countersign-policy-validator.php';
require_once __DIR__ . '/includes/class-countersign-approvals-validator.php';
require_once __DIR__ . '/includes/class-countersign-policy.php';
require_once __DIR__ . '/includes/class-countersign-settings.php';
require_once __DIR__ . '/includes/class-countersign-retention.php';
require_once __DIR__ . '/includes/class-countersign-rest.php';
require_once __DIR__ . '/includes/class-countersign-guard.php';
require_once __DIR__ . '/includes/class-countersign-route-args.php';
require_once __DIR__ . '/includes/class-countersign-site-model.php';
require_once __DIR__ . '/includes/class-countersign-site-model-usage.php';
require_once __DIR__ . '/includes/class-countersign-site-model-proxy.php';
require_once __DIR__ . '/includes/class-countersign-site-model-page.php';
require_once __DIR__ . '/includes/class-countersign-approval-card.php';
require_once __DIR__ . '/includes/class-countersign-approval-names.php';
require_once __DIR__ . '/includes/class-countersign-approvals.php';
require_once __DIR__ . '/includes/class-countersign-approval-view.php';
require_once __DIR__ . '/includes/class-countersign-approval-decision.php';
require_once __DIR__ . '/includes/class-countersign-approval-routes.php';
require_once __DIR__ . '/includes/class-countersign-lifecycle.php';

register_activation_hook( __FILE__, array( 'Countersign_Lifecycle', 'activate' ) );
register_deactivation_hook( __FILE__, array( 'Countersign_Lifecycle', 'deactivate' ) );
add_action( 'wp_initialize_site', array( 'Countersign_Lifecycle', 'initialize_site' ), 200 );
add_filter( 'wpmu_drop_tables', array( 'Countersign_Lifecycle', 'drop_site_tables' ) );

add_action( 'init', array( 'Countersign_I18n', 'load' ) );
add_action( 'change_locale', array( 'Countersign_I18n', 'changed' ) );
add_filter( 'rest_pre_dispatch', array( 'Countersign_I18n', 'follow_user' ), 5, 3 );
add_filter( 'rest_post_dispatch', array( 'Countersign_I18n', 'restore' ), 100, 3 );
add_action( 'plugins_loaded', array( 'Countersign_Schema', 'maybe_upgrade' ) );
add_filter( 'pre_get_table_charset', array( 'Countersign_Schema', 'table_charset' ), 10, 2 );
add_filter( 'pre_get_col_charset', array( 'Countersign_Schema', 'table_charset' ), 10, 2 );
add_action( 'rest_api_init', array( 'Countersign_Rest', 'register_routes' ) );
add_action( 'rest_api_init', array( 'Countersign_Approval_Routes', 'register_routes' ) );
add_action( 'rest_api_init', array( 'Countersign_Site_Model', 'register_routes' ) );
add_action( Countersign_Approvals::HOOK, array( 'Countersign_Approvals', 'expire_due' ) );
add_filter( 'rest_pre_serve_request', array( 'Countersign_Export', 'serve' ), 10, 4 );
add_filter( 'rest_request_after_callbacks', array( 'Countersign_Route_Args', 'name_field' ), 10, 3 );
add_action( Countersign_Retention::HOOK, array( 'Countersign_Retention', 'purge' ) );
add_action( 'admin_menu', array( 'Countersign_Settings', 'add_page' ) );
add_action( 'admin_init', array( 'Countersign_Settings', 'register' ) );
