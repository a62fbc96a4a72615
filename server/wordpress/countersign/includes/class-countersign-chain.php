<?php
/**
 * A7: the site's hash chain over every row of its audit. Each stored version of a record,
 * each decision taken through the site and each purge is one chain row carrying a SHA-256
 * over its content and the previous row's hash, so a row deleted or altered in the database
 * is found by Countersign_Chain_Verify. The format is documented in docs/audit.md.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Appends rows to the chain under one lock per site, so two batches never fork it.
 */
class Countersign_Chain {

	/** The first line of every row's canonical serialization (the format's version). */
	const FORMAT = 'countersign-chain-1';

	/** The previous hash of the first row. */
	const GENESIS = '0000000000000000000000000000000000000000000000000000000000000000';

	/** The option holding the last row's position and hash ("seq:hash"). */
	const HEAD_OPTION = 'countersign_chain_head';

	/** How long a writer waits for the chain lock before it answers 503. */
	const LOCK_WAIT_SECONDS = 5;

	/** Events: a version the browser sent, one the site wrote itself, a decision, a purge. */
	const EVENTS = array( 'record', 'site_record', 'site_decision', 'purged', 'adopted' );

	/**
	 * The chain table name (one per site: the prefix is the site's).
	 *
	 * @return string
	 */
	public static function table() {
		global $wpdb;
		return $wpdb->prefix . 'countersign_chain';
	}

	/**
	 * Takes the site's chain lock (a named lock, held across the caller's transaction).
	 *
	 * @return bool Whether it was taken.
	 */
	public static function lock() {
		global $wpdb;
		return '1' === (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', self::lock_name(), self::LOCK_WAIT_SECONDS ) );
	}

	/**
	 * Releases the chain lock.
	 */
	public static function unlock() {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', self::lock_name() ) );
	}

	/**
	 * The refusal when the lock could not be taken in time.
	 *
	 * @return WP_REST_Response
	 */
	public static function busy() {
		return Countersign_Errors::retry_later( 'countersign_chain_busy', __( 'The site is recording other audit entries right now; send this again in a moment.', 'countersign' ), 503, 1 );
	}

	/**
	 * The lock's name.
	 *
	 * @return string
	 */
	private static function lock_name() {
		global $wpdb;
		return 'countersign_chain_' . $wpdb->prefix;
	}

	/**
	 * Appends rows after the head, inside the caller's transaction, while the caller holds
	 * the lock. Each entry: event, record_id, version, status, user_id, user_login,
	 * received_at, content_hash. Returns false on a database error.
	 *
	 * @param array[] $entries Entries in order.
	 * @return bool
	 */
	public static function append( $entries ) {
		global $wpdb;
		if ( ! $entries ) {
			return true;
		}
		$table = self::table();
		// The head row is locked too, so even a writer that skipped the named lock waits here.
		$head = $wpdb->get_row( "SELECT seq, row_hash FROM $table ORDER BY seq DESC LIMIT 1 FOR UPDATE" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( '' !== $wpdb->last_error ) {
			return false;
		}
		$seq  = $head ? (int) $head->seq : 0;
		$prev = $head ? $head->row_hash : self::GENESIS;
		foreach ( array_chunk( $entries, 200 ) as $chunk ) {
			$values = array();
			foreach ( $chunk as $e ) {
				$row      = array_merge( $e, array( 'seq' => ++$seq, 'prev_hash' => $prev ) );
				$prev     = self::hash( $row );
				$values[] = $wpdb->prepare( '(%d,%s,%s,%d,%s,%d,%s,%d,%s,%s,%s)', $row['seq'], $row['event'], $row['record_id'], $row['version'], $row['status'], $row['user_id'], $row['user_login'], $row['received_at'], $row['content_hash'], $row['prev_hash'], $prev );
			}
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared values.
			if ( false === $wpdb->query( "INSERT INTO $table (seq, event, record_id, version, status, user_id, user_login, received_at, content_hash, prev_hash, row_hash) VALUES " . implode( ',', $values ) ) ) {
				return false;
			}
		}
		update_option( self::HEAD_OPTION, $seq . ':' . $prev, false );
		return '' === $wpdb->last_error;
	}

	/**
	 * A row's hash: SHA-256 (hex) of its canonical serialization, the format's name and
	 * then each field on its own line, in this order (docs/audit.md).
	 *
	 * @param array|object $row Row with every chain column.
	 * @return string
	 */
	public static function hash( $row ) {
		$row = (array) $row;
		return hash( 'sha256', self::canonical( $row ) );
	}

	/**
	 * The canonical serialization of a row (no field can hold a line break: ids, statuses
	 * and logins are checked, hashes are hex, numbers are decimal).
	 *
	 * @param array $row Row.
	 * @return string
	 */
	public static function canonical( $row ) {
		$fields = array( 'seq', 'event', 'record_id', 'version', 'status', 'user_id', 'user_login', 'received_at', 'content_hash', 'prev_hash' );
		$lines  = array( self::FORMAT );
		foreach ( $fields as $field ) {
			$lines[] = str_replace( array( "\r", "\n" ), ' ', (string) $row[ $field ] );
		}
		return implode( "\n", $lines ) . "\n";
	}

	/**
	 * The stored bodies' hashes, as the database holds them (so the chain hashes exactly
	 * what a later read returns): id => [version, status, hash].
	 *
	 * @param string[] $ids Record ids.
	 * @return array|null Null on a database error.
	 */
	public static function stored_hashes( $ids ) {
		global $wpdb;
		$table = Countersign_Schema::records_table();
		$out   = array();
		foreach ( array_chunk( $ids, 500 ) as $chunk ) {
			$in   = implode( ',', array_fill( 0, count( $chunk ), '%s' ) );
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, version, status, SHA2(body, 256) AS h FROM $table WHERE id IN ($in)", $chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			if ( '' !== $wpdb->last_error ) {
				return null;
			}
			foreach ( $rows as $row ) {
				$out[ $row->id ] = array( (int) $row->version, $row->status, $row->h );
			}
		}
		return $out;
	}

	/**
	 * Chain entries for records just written (in the caller's transaction), in their order.
	 *
	 * @param string[] $ids     Record ids.
	 * @param string   $event   record, site_record or adopted.
	 * @param int      $user_id The sender the site saw.
	 * @param int      $now     When the site received them (epoch ms).
	 * @return array[]|null
	 */
	public static function entries_for( $ids, $event, $user_id, $now ) {
		$stored = self::stored_hashes( $ids );
		if ( null === $stored ) {
			return null;
		}
		$login   = self::login( $user_id );
		$entries = array();
		foreach ( $ids as $id ) {
			if ( ! isset( $stored[ $id ] ) ) {
				return null;
			}
			list( $version, $status, $hash ) = $stored[ $id ];
			$entries[]                       = self::entry( $event, $id, $version, $status, $user_id, $login, $now, $hash );
		}
		return $entries;
	}

	/**
	 * One entry.
	 *
	 * @param string $event       Event.
	 * @param string $record_id   Record (or approval) id.
	 * @param int    $version     Record version (0 for a decision or a purge).
	 * @param string $status      Status it reached.
	 * @param int    $user_id     The person the site saw (0: the site itself).
	 * @param string $login       Their login.
	 * @param int    $received_at Epoch ms.
	 * @param string $hash        SHA-256 of the content.
	 * @return array
	 */
	public static function entry( $event, $record_id, $version, $status, $user_id, $login, $received_at, $hash ) {
		return array(
			'event'        => $event,
			'record_id'    => $record_id,
			'version'      => (int) $version,
			'status'       => $status,
			'user_id'      => (int) $user_id,
			'user_login'   => $login,
			'received_at'  => (int) $received_at,
			'content_hash' => $hash,
		);
	}

	/**
	 * A user's login as the site knows it ('' for nobody).
	 *
	 * @param int $user_id User id.
	 * @return string
	 */
	public static function login( $user_id ) {
		$user = $user_id ? get_userdata( $user_id ) : false;
		return $user ? (string) $user->user_login : '';
	}
}
