<?php
/**
 * The plugin's own tables, their schema version and the upgrade path.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Creates and upgrades the records and policy tables with dbDelta().
 *
 * The option `countersign_schema_version` holds the version the tables were last built for.
 * On every load it is compared with SCHEMA_VERSION: an older one is upgraded (dbDelta adds
 * missing columns and indexes), under a database lock so two requests never upgrade at once;
 * a request that finds another upgrading answers 503 with Retry-After.
 */
class Countersign_Schema {

	/**
	 * The tables' layout version; bump it with every change to the CREATE TABLE statements.
	 * 1: first layout. 2: `csv_line`, each record's export line kept with it (rows of 1 have
	 * none and are exported from their JSON). 3: the policy's `approvals` (G15, second
	 * approvers; rows of 2 have none, read as `{}`). 4: the pending calls that wait for a
	 * second approver (`countersign_approvals`, G15). 5: what the site attests (A7): each
	 * record's `sender_login` and `first_received_at`, and the hash chain
	 * (`countersign_chain`); rows of 4 are chained on upgrade, oldest first.
	 */
	const SCHEMA_VERSION = 5;

	/** The option holding the installed layout version. */
	const OPTION = 'countersign_schema_version';

	/**
	 * What the last check found: 'ok', 'upgrading' (another request holds the upgrade lock)
	 * or 'newer' (the tables belong to a newer plugin).
	 *
	 * @var string
	 */
	public static $state = 'ok';

	/**
	 * The records table name.
	 *
	 * @return string
	 */
	public static function records_table() {
		global $wpdb;
		return $wpdb->prefix . 'countersign_records';
	}

	/**
	 * The policy versions table name.
	 *
	 * @return string
	 */
	public static function policy_table() {
		global $wpdb;
		return $wpdb->prefix . 'countersign_policy';
	}

	/**
	 * The table of calls waiting for a second approver (G15).
	 *
	 * @return string
	 */
	public static function approvals_table() {
		global $wpdb;
		return $wpdb->prefix . 'countersign_approvals';
	}

	/**
	 * Filters pre_get_table_charset and pre_get_col_charset: the records table holds text in
	 * the site's charset.
	 *
	 * Its id column is ASCII (a compact, binary-compared key) beside text columns in the
	 * site's charset. wpdb reads a table of two such charsets as "ascii" and then refuses
	 * every query carrying one non-ASCII byte (error 0): a record whose title is "Überschrift"
	 * or holds a curly quote was never stored, and a thread named in another script was never
	 * read. Every id the plugin writes is validated against an ASCII pattern first, so the
	 * site's own charset is the one to check queries and values against (the column filter
	 * answers the same, so wpdb's insert() and update() stay consistent with it).
	 *
	 * @param string|null $charset What an earlier filter answered (null: ask the database).
	 * @param string      $table   The table a query names.
	 * @return string|null
	 */
	public static function table_charset( $charset, $table ) {
		global $wpdb;
		if ( null !== $charset || empty( $wpdb->charset ) ) {
			return $charset;
		}
		return strtolower( (string) $table ) === strtolower( self::records_table() ) ? $wpdb->charset : $charset;
	}

	/**
	 * The installed layout version (0: never installed).
	 *
	 * @return int
	 */
	public static function installed_version() {
		return (int) get_option( self::OPTION, 0 );
	}

	/**
	 * Runs on every load: upgrades tables of an older layout, notes a newer one.
	 */
	public static function maybe_upgrade() {
		$installed = self::installed_version();
		if ( $installed === self::SCHEMA_VERSION ) {
			self::$state = 'ok';
			return;
		}
		if ( $installed > self::SCHEMA_VERSION ) {
			self::$state = 'newer';
			return;
		}
		self::$state = self::install() ? 'ok' : 'upgrading';
	}

	/**
	 * Creates or upgrades the tables under a lock. Returns false when another request holds
	 * the lock (it is upgrading right now).
	 *
	 * @return bool
	 */
	public static function install() {
		global $wpdb;
		$lock = 'countersign_schema_' . $wpdb->prefix;
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $lock ) ) ) {
			return false;
		}
		try {
			// Another request may have finished the upgrade while this one waited for the lock.
			wp_cache_delete( self::OPTION, 'options' );
			wp_cache_delete( 'alloptions', 'options' );
			if ( self::installed_version() < self::SCHEMA_VERSION ) {
				require_once ABSPATH . 'wp-admin/includes/upgrade.php';
				$before = self::installed_version();
				dbDelta( self::statements() );
				if ( $before > 0 && $before < 5 && ! Countersign_Chain_Adopt::run() ) {
					return false; // Left at the old version: the next request tries again.
				}
				update_option( self::OPTION, self::SCHEMA_VERSION, true );
			}
		} finally {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
		return true;
	}

	/**
	 * The CREATE TABLE statements in dbDelta's format (two spaces after PRIMARY KEY, one
	 * field per line). Every indexed filter ends in (created_at, id) for keyset paging.
	 *
	 * @return string[]
	 */
	public static function statements() {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();
		$records = self::records_table();
		$policy  = self::policy_table();
		$pending = self::approvals_table();
		$chain   = Countersign_Chain::table();
		return array(
			"CREATE TABLE $records (
  id varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  thread_id varchar(191) NOT NULL,
  tool varchar(100) NOT NULL,
  status varchar(20) NOT NULL,
  statuses varchar(100) NOT NULL,
  decided_by varchar(191) DEFAULT NULL,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  version int(10) unsigned NOT NULL,
  received_at bigint(20) NOT NULL,
  first_received_at bigint(20) NOT NULL DEFAULT 0,
  sender_login varchar(60) NOT NULL DEFAULT '',
  site_origin varchar(255) NOT NULL DEFAULT '',
  site_root varchar(255) NOT NULL DEFAULT '',
  body longtext NOT NULL,
  csv_line mediumtext DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY created (created_at,id),
  KEY user_created (user_id,created_at,id),
  KEY thread_created (thread_id,created_at,id),
  KEY tool_created (tool,created_at,id),
  KEY status_created (status,created_at,id),
  KEY decided_created (decided_by,created_at,id)
) $charset;",
			"CREATE TABLE $policy (
  version int(10) unsigned NOT NULL,
  policy longtext NOT NULL,
  approvals longtext DEFAULT NULL,
  user_id bigint(20) unsigned NOT NULL,
  created_at bigint(20) NOT NULL,
  record_id varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  PRIMARY KEY  (version)
) $charset;",
			"CREATE TABLE $pending (
  id varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  requester_id bigint(20) unsigned NOT NULL,
  thread_id varchar(191) NOT NULL,
  tool varchar(100) NOT NULL,
  payload_hash varchar(128) NOT NULL,
  stamp varchar(191) DEFAULT NULL,
  capability varchar(100) NOT NULL,
  required_by varchar(20) NOT NULL,
  entity_type varchar(20) NOT NULL DEFAULT '',
  entity_id bigint(20) unsigned NOT NULL DEFAULT 0,
  card longtext NOT NULL,
  status varchar(20) NOT NULL,
  note text DEFAULT NULL,
  decided_by bigint(20) unsigned DEFAULT NULL,
  decided_at bigint(20) DEFAULT NULL,
  created_at bigint(20) NOT NULL,
  updated_at bigint(20) NOT NULL,
  expires_at bigint(20) DEFAULT NULL,
  picked_up_at bigint(20) DEFAULT NULL,
  offers int(10) unsigned NOT NULL DEFAULT 1,
  PRIMARY KEY  (id),
  KEY status_created (status,created_at),
  KEY requester_status (requester_id,status,created_at),
  KEY status_expires (status,expires_at)
) $charset;",
			"CREATE TABLE $chain (
  seq bigint(20) unsigned NOT NULL,
  event varchar(20) NOT NULL,
  record_id varchar(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  version int(10) unsigned NOT NULL,
  status varchar(20) NOT NULL,
  user_id bigint(20) unsigned NOT NULL,
  user_login varchar(60) NOT NULL DEFAULT '',
  received_at bigint(20) NOT NULL,
  content_hash char(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  prev_hash char(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  row_hash char(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  PRIMARY KEY  (seq),
  KEY record_seq (record_id,seq)
) $charset;",
		);
	}

	/**
	 * Drops the plugin's tables (uninstall, only when the admin opted in).
	 */
	public static function drop() {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- uninstall, opted in.
		$wpdb->query( 'DROP TABLE IF EXISTS ' . self::records_table() . ', ' . self::policy_table() . ', ' . self::approvals_table() . ', ' . Countersign_Chain::table() );
		delete_option( self::OPTION );
		delete_option( Countersign_Chain::HEAD_OPTION );
	}
}
