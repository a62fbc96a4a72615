<?php
/**
 * Activation and deactivation.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Activation creates the tables and grants the capabilities (add_cap writes to the database,
 * so it runs here only); deactivation stops the cron job and keeps everything else.
 */
class Countersign_Lifecycle {

	/** Capabilities the plugin adds, granted to administrators. */
	const CAPABILITIES = array( 'countersign_read_audit', 'countersign_manage_policy' );

	/**
	 * Activation hook.
	 */
	public static function activate() {
		Countersign_Schema::install();
		$admin = get_role( 'administrator' );
		if ( $admin ) {
			foreach ( self::CAPABILITIES as $capability ) {
				$admin->add_cap( $capability );
			}
		}
		Countersign_Retention::schedule();
		Countersign_Approval_Routes::schedule();
	}

	/**
	 * Deactivation hook.
	 */
	public static function deactivate() {
		Countersign_Retention::unschedule();
		Countersign_Approval_Routes::unschedule();
	}

	/**
	 * Takes the capabilities away from every role (uninstall).
	 */
	public static function remove_capabilities() {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::CAPABILITIES as $capability ) {
				$role->remove_cap( $capability );
			}
		}
	}
}
