<?php
/**
 * Uninstall: the capabilities and the cron job always go; the tables, the site policy and
 * the settings (the site's AI connection's too, with what each person used of it) only when
 * the admin ticked "Also delete the audit records and the site policy".
 *
 * @package Countersign
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/class-countersign-schema.php';
require_once __DIR__ . '/includes/class-countersign-chain.php';
require_once __DIR__ . '/includes/class-countersign-settings.php';
require_once __DIR__ . '/includes/class-countersign-retention.php';
require_once __DIR__ . '/includes/class-countersign-lifecycle.php';
require_once __DIR__ . '/includes/class-countersign-site-model.php';
require_once __DIR__ . '/includes/class-countersign-site-model-usage.php';

/**
 * Uninstall on the current site: each site of a network keeps its own choice.
 */
function countersign_uninstall_site() { // phpcs:ignore Universal.Files.SeparateFunctionsFromOO -- uninstall.php is loaded once.
	Countersign_Lifecycle::remove_capabilities();
	Countersign_Retention::unschedule();
	wp_clear_scheduled_hook( 'countersign_expire_approvals' );
	if ( get_option( Countersign_Settings::REMOVE_DATA, false ) ) {
		Countersign_Schema::drop();
		delete_option( Countersign_Settings::RETENTION );
		delete_option( Countersign_Settings::REMOVE_DATA );
		delete_option( Countersign_Settings::APPROVAL_EXPIRY );
		delete_option( Countersign_Site_Model::ENABLED );
		delete_option( Countersign_Site_Model::DAILY_LIMIT );
		Countersign_Site_Model_Usage::delete_all();
	}
}

// On a network the plugin may have been active on any site (or network-wide): every site.
Countersign_Lifecycle::each_site( is_multisite(), 'countersign_uninstall_site' );
