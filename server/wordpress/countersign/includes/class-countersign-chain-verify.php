<?php
/**
 * A7: checks the site's audit chain row by row, and every stored record against the chain,
 * and says in plain words where it breaks.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Verification of Countersign_Chain.
 */
class Countersign_Chain_Verify {

	/** Chain rows read per query. */
	const PAGE = 2000;

	/** Most breaks listed in one answer (the first one is what matters). */
	const MAX_BREAKS = 20;

	/**
	 * Verifies the whole chain. Answers `{ intact, rows, head, checkedAt, breaks }`; each
	 * break is `{ position, recordId, problem, message }`, the first one first.
	 *
	 * @param int|null $viewer A user whose own records are named; null names every record.
	 * @return array|null Null on a database error.
	 */
	public static function run( $viewer = null ) {
		global $wpdb;
		$table  = Countersign_Chain::table();
		$breaks = array();
		$latest = array();
		$expect = 1;
		$prev   = Countersign_Chain::GENESIS;
		$owners = array();
		do {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name only.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM $table WHERE seq >= %d ORDER BY seq LIMIT %d", $expect, self::PAGE ) );
			if ( '' !== $wpdb->last_error ) {
				return null;
			}
			foreach ( $rows as $row ) {
				$seq = (int) $row->seq;
				if ( $seq !== $expect ) {
					$breaks[] = self::problem( $expect, null, 'missing', sprintf( /* translators: 1: first missing position, 2: next position found */ __( 'Entries %1$d to %2$d are missing: they were deleted from the database.', 'countersign' ), $expect, $seq - 1 ) );
				} elseif ( ! hash_equals( $prev, $row->prev_hash ) ) {
					$breaks[] = self::problem( $seq, $row->record_id, 'unlinked', sprintf( /* translators: %d: position */ __( 'Entry %d does not follow the entry before it: an entry before it was removed or changed.', 'countersign' ), $seq ) );
				}
				if ( ! hash_equals( Countersign_Chain::hash( $row ), $row->row_hash ) ) {
					$breaks[] = self::problem( $seq, $row->record_id, 'altered', sprintf( /* translators: %d: position */ __( 'Entry %d was changed in the database after the site wrote it.', 'countersign' ), $seq ) );
				}
				if ( 'site_decision' !== $row->event ) {
					$latest[ $row->record_id ] = array( $seq, $row->event, $row->content_hash );
				}
				if ( 'record' === $row->event || 'adopted' === $row->event ) {
					$owners[ $row->record_id ] = (int) $row->user_id;
				}
				$prev                      = $row->row_hash;
				$expect                    = $seq + 1;
			}
		} while ( count( $rows ) === self::PAGE && count( $breaks ) < self::MAX_BREAKS );
		$rows_seen = $expect - 1;
		$head      = (string) get_option( Countersign_Chain::HEAD_OPTION, '' );
		if ( '' !== $head && $head !== $rows_seen . ':' . $prev ) {
			$last     = (int) strtok( $head, ':' );
			$breaks[] = self::problem( $rows_seen + 1, null, 'truncated', $last > $rows_seen
				/* translators: 1: first missing position, 2: last position */
				? sprintf( __( 'The last entries (%1$d to %2$d) are missing: they were deleted from the database.', 'countersign' ), $rows_seen + 1, $last )
				/* translators: %d: position */
				: sprintf( __( 'Entry %d is not the one the site wrote last: the end of the record was replaced.', 'countersign' ), $rows_seen ) );
		}
		$records = self::check_records( $latest );
		if ( null === $records ) {
			return null;
		}
		$breaks = array_merge( $breaks, $records );
		usort( $breaks, fn( $a, $b ) => ( $a['position'] ?? PHP_INT_MAX ) <=> ( $b['position'] ?? PHP_INT_MAX ) );
		$breaks = array_slice( $breaks, 0, self::MAX_BREAKS );
		foreach ( $breaks as &$b ) {
			if ( null !== $viewer && null !== $b['recordId'] && ( $owners[ $b['recordId'] ] ?? -1 ) !== $viewer ) {
				// Another person's record: its position is enough.
				$b['message']  = str_replace( $b['recordId'], __( '(another person\'s)', 'countersign' ), $b['message'] );
				$b['recordId'] = null;
			}
		}
		return array(
			'intact'    => ! $breaks,
			'rows'      => $rows_seen,
			'head'      => $rows_seen ? $prev : null,
			'checkedAt' => Countersign_Json::now_ms(),
			'breaks'    => $breaks,
		);
	}

	/**
	 * The export's `X-Countersign-Chain` header: `intact; entries=N`, or `broken; entry=N;
	 * problem=WORD; breaks=K` naming the first break (entry=0 when it has no position).
	 *
	 * @return string
	 */
	public static function header() {
		$report = self::run();
		if ( null === $report ) {
			return 'unknown';
		}
		if ( $report['intact'] ) {
			return 'intact; entries=' . $report['rows'];
		}
		$first = $report['breaks'][0];
		return sprintf( 'broken; entry=%d; problem=%s; breaks=%d', (int) $first['position'], $first['problem'], count( $report['breaks'] ) );
	}

	/**
	 * Every stored record against the last chain entry of its id: a body that differs was
	 * changed after the site received it; a chained record that is gone was deleted; a record
	 * the chain never saw was put in by hand.
	 *
	 * @param array $latest id => [position, event, content hash].
	 * @return array[]|null Breaks, or null on a database error.
	 */
	private static function check_records( $latest ) {
		global $wpdb;
		$table  = Countersign_Schema::records_table();
		$breaks = array();
		$after  = '';
		do {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name only.
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, SHA2(body, 256) AS h FROM $table WHERE id > %s ORDER BY id LIMIT %d", $after, self::PAGE ) );
			if ( '' !== $wpdb->last_error ) {
				return null;
			}
			foreach ( $rows as $row ) {
				$after = $row->id;
				$last  = $latest[ $row->id ] ?? null;
				if ( null === $last || 'purged' === $last[1] ) {
					$breaks[] = self::problem( PHP_INT_MAX, $row->id, 'unchained', sprintf( /* translators: %s: record id */ __( 'Record %s is not in the site\'s chain: it was put into the database without going through the site.', 'countersign' ), $row->id ) );
				} elseif ( ! hash_equals( $last[2], (string) $row->h ) ) {
					$breaks[] = self::problem( $last[0], $row->id, 'changed', sprintf( /* translators: 1: record id, 2: position */ __( 'Record %1$s (entry %2$d) was changed in the database after the site received it.', 'countersign' ), $row->id, $last[0] ) );
				}
				unset( $latest[ $row->id ] );
			}
		} while ( count( $rows ) === self::PAGE );
		foreach ( $latest as $id => $last ) {
			if ( 'purged' !== $last[1] ) {
				$breaks[] = self::problem( $last[0], (string) $id, 'deleted', sprintf( /* translators: 1: record id, 2: position */ __( 'Record %1$s (entry %2$d) was deleted from the database; the retention setting did not remove it.', 'countersign' ), $id, $last[0] ) );
			}
		}
		return $breaks;
	}

	/**
	 * One break.
	 *
	 * @param int         $position  Chain position (PHP_INT_MAX: after the end).
	 * @param string|null $record_id Record.
	 * @param string      $problem   missing, unlinked, altered, truncated, changed, deleted, unchained.
	 * @param string      $message   Plain words.
	 * @return array
	 */
	private static function problem( $position, $record_id, $problem, $message ) {
		return array(
			'position' => PHP_INT_MAX === $position ? null : $position,
			'recordId' => $record_id,
			'problem'  => $problem,
			'message'  => $message,
		);
	}
}
