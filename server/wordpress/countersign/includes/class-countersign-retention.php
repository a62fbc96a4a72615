<?php
/**
 * A2: the retention purge, run daily by WordPress cron.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Removes records older than the retention setting, never a pending one, the rule of the
 * extension's purgeRecords() (src/audit/retention.ts).
 */
class Countersign_Retention {

	/** The cron hook. */
	const HOOK = 'countersign_purge';

	/** Records removed per statement (each its own transaction). */
	const BATCH = 2000;

	/** Milliseconds in a day. */
	const DAY_MS = 86400000;

	/**
	 * Schedules the daily purge (activation).
	 */
	public static function schedule() {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the schedule (deactivation, uninstall).
	 */
	public static function unschedule() {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * The cron job: purges by the stored setting; nothing when records are kept forever.
	 *
	 * @return int How many records it removed.
	 */
	public static function purge() {
		$days = Countersign_Settings::retention_days();
		return null === $days ? 0 : self::purge_older_than( $days, Countersign_Json::now_ms() );
	}

	/**
	 * Removes records created more than `$days` days before `$now`, never pending ones.
	 *
	 * @param int $days Days to keep.
	 * @param int $now  Epoch ms.
	 * @return int
	 */
	public static function purge_older_than( $days, $now ) {
		$cutoff  = $now - $days * self::DAY_MS;
		$removed = 0;
		do {
			$count = self::purge_batch( $cutoff, $now );
			if ( false === $count ) {
				break;
			}
			$removed += $count;
		} while ( self::BATCH === $count );
		return $removed;
	}

	/**
	 * One batch: each removed record gets a `purged` entry in the site's chain (A7), so a
	 * purge is told apart from a deletion behind the site's back.
	 *
	 * @param int $cutoff Epoch ms.
	 * @param int $now    Epoch ms.
	 * @return int|false
	 */
	private static function purge_batch( $cutoff, $now ) {
		global $wpdb;
		$table = Countersign_Schema::records_table();
		if ( ! Countersign_Chain::lock() ) {
			return false;
		}
		try {
			$wpdb->query( 'START TRANSACTION' );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name only.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, version, status, SHA2(body, 256) AS h FROM $table WHERE created_at < %d AND status <> 'pending' ORDER BY created_at, id LIMIT %d FOR UPDATE", $cutoff, self::BATCH ) );
			if ( '' !== $wpdb->last_error ) {
				$wpdb->query( 'ROLLBACK' );
				return false;
			}
			if ( ! $rows ) {
				$wpdb->query( 'COMMIT' );
				return 0;
			}
			$entries = array();
			foreach ( $rows as $row ) {
				$entries[] = Countersign_Chain::entry( 'purged', $row->id, $row->version, $row->status, 0, '', $now, $row->h );
			}
			$ids = array_column( $rows, 'id' );
			$in  = implode( ',', array_fill( 0, count( $ids ), '%s' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name and placeholders only.
			$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM $table WHERE id IN ($in)", $ids ) );
			if ( false === $deleted || ! Countersign_Chain::append( $entries ) || false === $wpdb->query( 'COMMIT' ) ) {
				$wpdb->query( 'ROLLBACK' );
				return false;
			}
			return count( $rows );
		} finally {
			Countersign_Chain::unlock();
		}
	}
}
