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
	 * Activation hook. Network-wide on a multisite network: every site of the network (new
	 * sites follow through initialize_site()), since each site has its own tables and roles.
	 *
	 * @param bool $network_wide Whether the plugin is activated for the whole network.
	 */
	public static function activate( $network_wide = false ) {
		self::each_site( $network_wide, array( __CLASS__, 'activate_site' ) );
	}

	/**
	 * Deactivation hook (every site when network-wide).
	 *
	 * @param bool $network_wide Whether the plugin is deactivated for the whole network.
	 */
	public static function deactivate( $network_wide = false ) {
		self::each_site( $network_wide, array( __CLASS__, 'deactivate_site' ) );
	}

	/**
	 * `wp_initialize_site`: a site created on a network where the plugin is network-active
	 * gets its tables, capabilities and cron jobs as the others did.
	 *
	 * @param WP_Site $site The new site.
	 */
	public static function initialize_site( $site ) {
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		if ( ! is_plugin_active_for_network( plugin_basename( COUNTERSIGN_FILE ) ) ) {
			return;
		}
		switch_to_blog( (int) $site->blog_id );
		self::activate_site();
		restore_current_blog();
	}

	/**
	 * `wpmu_drop_tables`: a site deleted from the network takes its Countersign tables along.
	 *
	 * @param string[] $tables The tables WordPress drops.
	 * @return string[]
	 */
	public static function drop_site_tables( $tables ) {
		// The audit chain (A7) too: a table left behind would outlive the records it attests.
		return array_merge( $tables, array( Countersign_Schema::records_table(), Countersign_Schema::policy_table(), Countersign_Schema::approvals_table(), Countersign_Chain::table() ) );
	}

	/**
	 * Runs a step on this site, or on every site of the network.
	 *
	 * @param bool     $network_wide Every site of the network.
	 * @param callable $step         The per-site step.
	 */
	public static function each_site( $network_wide, $step ) {
		if ( ! is_multisite() || ! $network_wide ) {
			call_user_func( $step );
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site_id ) {
			switch_to_blog( (int) $site_id );
			call_user_func( $step );
			restore_current_blog();
		}
	}

	/**
	 * Activation on the current site.
	 */
	public static function activate_site() {
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
	 * Deactivation on the current site.
	 */
	public static function deactivate_site() {
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
