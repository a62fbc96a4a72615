<?php
/**
 * A7: the upgrade to schema 5 chains the records an older plugin stored, oldest first.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Chains existing rows (event `adopted`: the site vouches only for what it held at the
 * upgrade, not for how the rows got there) and fills the new sender columns.
 */
class Countersign_Chain_Adopt {

	/** Rows chained per transaction. */
	const PAGE = 1000;

	/**
	 * Runs once, from the schema upgrade (which holds the schema lock). Idempotent: a
	 * chain that already has rows is left alone.
	 *
	 * @return bool Whether every row was chained.
	 */
	public static function run() {
		global $wpdb;
		$records = Countersign_Schema::records_table();
		$chain   = Countersign_Chain::table();
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names only.
		if ( (int) $wpdb->get_var( "SELECT COUNT(*) FROM $chain" ) > 0 ) {
			return true;
		}
		$wpdb->query( "UPDATE $records SET first_received_at = received_at WHERE first_received_at = 0" );
		$wpdb->query( "UPDATE $records r JOIN {$wpdb->users} u ON u.ID = r.user_id SET r.sender_login = LEFT(u.user_login, 60) WHERE r.sender_login = ''" );
		if ( ! Countersign_Chain::lock() ) {
			return false;
		}
		try {
			$after = array( -1, -1, '' );
			do {
				$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, version, status, user_id, sender_login, received_at, created_at, SHA2(body, 256) AS h FROM $records WHERE (received_at, created_at, id) > (%d, %d, %s) ORDER BY received_at, created_at, id LIMIT %d", $after[0], $after[1], $after[2], self::PAGE ) );
				if ( '' !== $wpdb->last_error || false === $wpdb->query( 'START TRANSACTION' ) ) {
					return false;
				}
				$entries = array();
				foreach ( $rows as $row ) {
					$entries[] = Countersign_Chain::entry( 'adopted', $row->id, $row->version, $row->status, $row->user_id, $row->sender_login, $row->received_at, $row->h );
					$after     = array( (int) $row->received_at, (int) $row->created_at, $row->id );
				}
				if ( ! Countersign_Chain::append( $entries ) || false === $wpdb->query( 'COMMIT' ) ) {
					$wpdb->query( 'ROLLBACK' );
					return false;
				}
			} while ( count( $rows ) === self::PAGE );
		} finally {
			Countersign_Chain::unlock();
		}
		// phpcs:enable
		return true;
	}
}
