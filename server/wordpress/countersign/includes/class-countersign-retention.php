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
		global $wpdb;
		$table   = Countersign_Schema::records_table();
		$cutoff  = $now - $days * self::DAY_MS;
		$removed = 0;
		do {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name only.
			$count = $wpdb->query( $wpdb->prepare( "DELETE FROM $table WHERE created_at < %d AND status <> 'pending' ORDER BY created_at LIMIT %d", $cutoff, self::BATCH ) );
			if ( false === $count ) {
				break;
			}
			$removed += $count;
		} while ( self::BATCH === $count );
		return $removed;
	}
}
