<?php
/**
 * A5: the batch upsert, one transaction per batch, idempotent by record id.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Writes batches of records: validates all of them first, then stores all or none.
 */
class Countersign_Record_Store {

	/** Most records in one batch. */
	const MAX_BATCH_RECORDS = 500;

	/** Largest JSON of one record, in bytes. */
	const MAX_RECORD_BYTES = 262144;

	/** Largest batch body, in bytes. */
	const MAX_BODY_BYTES = 8388608;

	/** How long a batch waits for a row lock before it answers 503 (countersign_busy). */
	const LOCK_WAIT_SECONDS = 3;

	/** Largest INSERT statement this writes (MariaDB's max_allowed_packet is 16 MiB by default). */
	const MAX_STATEMENT_BYTES = 4194304;

	/**
	 * Stores a batch for a user.
	 *
	 * @param string $body    The raw request body.
	 * @param int    $user_id The caller.
	 * @return array|WP_Error|WP_REST_Response `{ results, stored }` or the refusal.
	 */
	public static function write_batch( $body, $user_id ) {
		if ( strlen( $body ) > self::MAX_BODY_BYTES ) {
			return Countersign_Errors::make( 'countersign_batch_too_large', sprintf( /* translators: 1: the size of the batch in bytes, 2: the largest size accepted. */ __( 'The batch is %1$d bytes; at most %2$d are accepted. Send fewer records at a time.', 'countersign' ), strlen( $body ), self::MAX_BODY_BYTES ), 413, array( 'limit' => self::MAX_BODY_BYTES ) );
		}
		list( $data, $problem ) = Countersign_Json::decode( $body );
		if ( null !== $problem ) {
			return Countersign_Errors::make( 'countersign_invalid_batch', sprintf( /* translators: %s: what is wrong with the body. */ __( 'The batch was refused: %s.', 'countersign' ), $problem ), 400, array( 'field' => null ) );
		}
		if ( ! $data instanceof stdClass || ! is_array( $data->records ?? null ) ) {
			return Countersign_Errors::make( 'countersign_invalid_batch', __( 'The batch was refused: the body must be {"records": [ ... ]}.', 'countersign' ), 400, array( 'field' => 'records' ) );
		}
		$count = count( $data->records );
		if ( 0 === $count ) {
			return Countersign_Errors::make( 'countersign_invalid_batch', __( 'The batch was refused: "records" is empty.', 'countersign' ), 400, array( 'field' => 'records' ) );
		}
		if ( $count > self::MAX_BATCH_RECORDS ) {
			return Countersign_Errors::make( 'countersign_batch_too_large', sprintf( /* translators: 1: how many records the batch holds, 2: the most accepted. */ _n( 'The batch holds %1$d record; at most %2$d are accepted at once.', 'The batch holds %1$d records; at most %2$d are accepted at once.', $count, 'countersign' ), $count, self::MAX_BATCH_RECORDS ), 413, array( 'limit' => self::MAX_BATCH_RECORDS ) );
		}
		list( $rows, $errors ) = self::validate_all( $data->records, $user_id );
		if ( $errors ) {
			return self::refusal( $errors );
		}
		return self::store( $rows, $user_id );
	}

	/**
	 * Validates every record; returns the rows to store and every problem found.
	 *
	 * @param array $records Decoded records.
	 * @param int   $user_id The caller.
	 * @return array{0: array, 1: array}
	 */
	private static function validate_all( $records, $user_id ) {
		$rows   = array();
		$errors = array();
		$seen   = array();
		$now    = Countersign_Json::now_ms();
		$login  = Countersign_Chain::login( $user_id );
		foreach ( $records as $index => $raw ) {
			$id = ( $raw instanceof stdClass && is_string( $raw->id ?? null ) ) ? $raw->id : null;
			$checked = Countersign_Record_Validator::validate( $raw, $user_id );
			if ( isset( $checked['code'] ) ) {
				$errors[] = array_merge(
					$checked,
					array(
						'index' => $index,
						'id'    => $id,
					)
				);
				continue;
			}
			if ( isset( $seen[ $id ] ) ) {
				$errors[] = array(
					'index'   => $index,
					'id'      => $id,
					'field'   => 'id',
					'code'    => 'countersign_duplicate_id',
					'status'  => 400,
					'message' => sprintf( /* translators: %d: the position of the other record in the batch. */ __( 'has the same id as record %d of this batch', 'countersign' ), $seen[ $id ] ),
				);
				continue;
			}
			$r    = $checked['record'];
			$json = Countersign_Json::encode( $r );
			if ( strlen( $json ) > self::MAX_RECORD_BYTES ) {
				$errors[] = array(
					'index'   => $index,
					'id'      => $id,
					'field'   => null,
					'code'    => 'countersign_record_too_large',
					'status'  => 413,
					'limit'   => self::MAX_RECORD_BYTES,
					'message' => sprintf( /* translators: 1: the record's size in bytes, 2: the largest size accepted. */ __( 'is %1$d bytes; a record may hold at most %2$d', 'countersign' ), strlen( $json ), self::MAX_RECORD_BYTES ),
				);
				continue;
			}
			$seen[ $id ] = $index;
			$rows[]      = array(
				'index'       => $index,
				'id'          => $id,
				'user_id'     => $user_id,
				'thread_id'   => $r->threadId,
				'tool'        => $r->tool,
				'status'      => $r->status,
				'statuses'    => implode( ',', array_map( fn( $step ) => $step->status, $r->history ) ),
				'decided_by'  => $r->decidedBy,
				'created_at'  => (int) floor( $r->createdAt ),
				'updated_at'  => (int) floor( $r->updatedAt ),
				'version'     => $r->version,
				'received_at' => $now,
				'sender_login' => $login,
				'site_origin' => $checked['origin'],
				'site_root'   => $checked['root'],
				'body'        => $json,
				'csv_line'    => Countersign_Export::csv_line_of( $r, $user_id, '' !== $checked['origin'] ? $checked['origin'] : Countersign_Record_Query::origin() ),
			);
		}
		return array( $rows, $errors );
	}

	/**
	 * Stores validated rows in one transaction, after comparing them with what is stored.
	 *
	 * @param array $rows    Rows of validate_all().
	 * @param int   $user_id The caller.
	 * @return array|WP_Error|WP_REST_Response
	 */
	private static function store( $rows, $user_id ) {
		global $wpdb;
		$lock = 'countersign_batch_' . $wpdb->prefix . $user_id;
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $lock ) ) ) {
			return Countersign_Errors::retry_later( 'countersign_batch_in_progress', __( 'Another batch of yours is being written; send this one again in a moment.', 'countersign' ), 429, 1 );
		}
		// A7: one writer at a time appends to the site's chain, so two batches never fork it.
		if ( ! Countersign_Chain::lock() ) {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
			return Countersign_Chain::busy();
		}
		$suppress = $wpdb->suppress_errors( true );
		try {
			return self::transaction( $rows, $user_id );
		} finally {
			$wpdb->suppress_errors( $suppress );
			Countersign_Chain::unlock();
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
	}

	/**
	 * The transaction: lock the stored rows, decide each record's result, write.
	 *
	 * @param array $rows    Rows.
	 * @param int   $user_id The caller.
	 * @return array|WP_Error|WP_REST_Response
	 */
	private static function transaction( $rows, $user_id ) {
		global $wpdb;
		$table = Countersign_Schema::records_table();
		// A batch waits at most LOCK_WAIT_SECONDS for a row another request holds, then
		// answers 503 with Retry-After instead of hanging for InnoDB's default 50 s.
		$wpdb->query( $wpdb->prepare( 'SET SESSION innodb_lock_wait_timeout = %d', self::LOCK_WAIT_SECONDS ) );
		if ( false === $wpdb->query( 'START TRANSACTION' ) ) {
			return Countersign_Errors::database( _x( 'starting the batch', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		$ids          = array_column( $rows, 'id' );
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and placeholders only.
		$stored = $wpdb->get_results( $wpdb->prepare( "SELECT id, user_id, version, status, statuses FROM $table WHERE id IN ($placeholders) FOR UPDATE", $ids ), OBJECT_K );
		if ( '' !== $wpdb->last_error ) {
			return Countersign_Errors::rollback( _x( 'reading the stored records', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		$results = array();
		$errors  = array();
		$write   = array();
		foreach ( $rows as $row ) {
			$old    = $stored[ $row['id'] ] ?? null;
			$result = self::compare( $row, $old, $user_id );
			if ( is_array( $result ) ) {
				$errors[] = array_merge(
					$result,
					array(
						'index' => $row['index'],
						'id'    => $row['id'],
					)
				);
				continue;
			}
			if ( 'created' === $result || 'updated' === $result ) {
				$write[] = $row;
			}
			$results[] = array(
				'id'      => $row['id'],
				'version' => $row['version'],
				'result'  => $result,
			);
		}
		if ( $errors ) {
			$wpdb->query( 'ROLLBACK' );
			return self::refusal( $errors );
		}
		foreach ( self::chunks( $write ) as $chunk ) {
			if ( false === $wpdb->query( self::upsert_sql( $chunk ) ) ) {
				return Countersign_Errors::rollback( _x( 'storing the records', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
		}
		$entries = Countersign_Chain::entries_for( array_column( $write, 'id' ), 'record', $user_id, $write ? $write[0]['received_at'] : 0 );
		if ( null === $entries || ! Countersign_Chain::append( $entries ) ) {
			return Countersign_Errors::rollback( _x( 'chaining the records', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		if ( false === $wpdb->query( 'COMMIT' ) ) {
			return Countersign_Errors::rollback( _x( 'committing the batch', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		return array(
			'results' => $results,
			'stored'  => count( $write ),
		);
	}

	/**
	 * One record against its stored row: a result word, or a problem.
	 *
	 * @param array       $row     The incoming row.
	 * @param object|null $old     The stored row.
	 * @param int         $user_id The caller.
	 * @return string|array
	 */
	private static function compare( $row, $old, $user_id ) {
		if ( null === $old ) {
			return 'created';
		}
		if ( (int) $old->user_id !== $user_id ) {
			return array(
				'code'    => 'countersign_owner_forged',
				'status'  => 403,
				'field'   => 'id',
				'message' => __( 'belongs to another user\'s record; a record can only be written by its owner', 'countersign' ),
			);
		}
		$version = (int) $old->version;
		if ( $row['version'] === $version ) {
			return 'duplicate';
		}
		if ( $row['version'] < $version ) {
			return 'stale';
		}
		if ( ! isset( Countersign_Record_History::TRANSITIONS[ $old->status ] ) ) {
			// A7: a finished record is evidence; a higher version cannot rewrite it.
			return array(
				'code'    => 'countersign_record_final',
				'status'  => 409,
				'field'   => 'version',
				/* translators: 1: the stored status, 2: the stored version, 3: the sent version */
				'message' => sprintf( __( 'is finished ("%1$s", version %2$d): a finished record never changes, so version %3$d was refused', 'countersign' ), $old->status, $version, $row['version'] ),
			);
		}
		$before = $old->statuses;
		$after  = $row['statuses'];
		if ( $after !== $before && ! str_starts_with( $after, $before . ',' ) ) {
			$last = substr( $before, (int) strrpos( ',' . $before, ',' ) );
			return array(
				'code'    => 'countersign_bad_transition',
				'status'  => 409,
				'field'   => 'history',
				/* translators: 1: the stored status, 2: the sent status, 3: the stored statuses, 4: the sent statuses, 5: what may follow the stored status (a parenthesis). */
				'message' => sprintf( __( 'would go from "%1$s" to "%2$s": the stored history (%3$s) must stay the start of the new one (%4$s)%5$s', 'countersign' ), $last, $row['status'], $before, $after, Countersign_Record_History::allowed( $last ) ),
			);
		}
		return 'updated';
	}

	/**
	 * Splits rows so that no statement grows past MAX_STATEMENT_BYTES.
	 *
	 * @param array $rows Rows.
	 * @return array[]
	 */
	private static function chunks( $rows ) {
		$chunks = array();
		$chunk  = array();
		$size   = 0;
		foreach ( $rows as $row ) {
			$bytes = 2 * ( strlen( $row['body'] ) + strlen( $row['csv_line'] ) ) + 1024;
			if ( $chunk && $size + $bytes > self::MAX_STATEMENT_BYTES ) {
				$chunks[] = $chunk;
				$chunk    = array();
				$size     = 0;
			}
			$chunk[] = $row;
			$size   += $bytes;
		}
		if ( $chunk ) {
			$chunks[] = $chunk;
		}
		return $chunks;
	}

	/**
	 * One multi-row INSERT ... ON DUPLICATE KEY UPDATE (never REPLACE, which deletes first).
	 *
	 * @param array $rows Rows.
	 * @return string
	 */
	private static function upsert_sql( $rows ) {
		global $wpdb;
		$columns = array( 'id', 'user_id', 'thread_id', 'tool', 'status', 'statuses', 'decided_by', 'created_at', 'updated_at', 'version', 'received_at', 'site_origin', 'site_root', 'body', 'csv_line', 'sender_login', 'first_received_at' );
		// Quoted with esc_sql() (the connection's own escaping), not prepare(): a batch builds
		// thousands of values and prepare()'s parsing showed in the profile.
		$q      = fn( $s ) => "'" . esc_sql( (string) $s ) . "'";
		$values = array();
		foreach ( $rows as $row ) {
			$values[] = '(' . $q( $row['id'] ) . ',' . (int) $row['user_id'] . ',' . $q( $row['thread_id'] ) . ',' . $q( $row['tool'] ) . ','
				. $q( $row['status'] ) . ',' . $q( $row['statuses'] ) . ',' . ( null === $row['decided_by'] ? 'NULL' : $q( $row['decided_by'] ) ) . ','
				. (int) $row['created_at'] . ',' . (int) $row['updated_at'] . ',' . (int) $row['version'] . ',' . (int) $row['received_at'] . ','
				. $q( $row['site_origin'] ) . ',' . $q( $row['site_root'] ) . ',' . $q( $row['body'] ) . ',' . $q( $row['csv_line'] ) . ','
				. $q( $row['sender_login'] ) . ',' . (int) $row['received_at'] . ')';
		}
		// The owner, the sender and when the site first received the record never change.
		$update = implode( ',', array_map( fn( $c ) => "$c=VALUES($c)", array_slice( $columns, 2, 13 ) ) );
		return 'INSERT INTO ' . Countersign_Schema::records_table() . ' (' . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values ) . " ON DUPLICATE KEY UPDATE $update";
	}

	/**
	 * The refusal of a whole batch: the first problem, and all of them in data.errors.
	 *
	 * @param array $errors Problems with index and id.
	 * @return WP_Error
	 */
	private static function refusal( $errors ) {
		$list = array();
		foreach ( $errors as $e ) {
			$label  = null === $e['id']
				/* translators: %d: the record's position in the batch. */
				? sprintf( __( 'Record %d', 'countersign' ), $e['index'] )
				/* translators: 1: the record's position in the batch, 2: its id. */
				: sprintf( __( 'Record %1$d (id "%2$s")', 'countersign' ), $e['index'], $e['id'] );
			$item   = array(
				'index'   => $e['index'],
				'id'      => $e['id'],
				'field'   => $e['field'],
				'code'    => $e['code'],
				/* translators: 1: which record, 2: what is wrong with it. */
				'message' => sprintf( __( '%1$s: %2$s.', 'countersign' ), $label, $e['message'] ),
			);
			$list[] = isset( $e['limit'] ) ? array_merge( $item, array( 'limit' => $e['limit'] ) ) : $item;
		}
		$first = $list[0];
		$more  = ' ' . ( count( $list ) > 1
			/* translators: %d: how many records were refused (2 or more). */
			? sprintf( _n( '%d record was refused; nothing was written.', '%d records were refused; nothing was written.', count( $list ), 'countersign' ), count( $list ) )
			: __( 'Nothing was written.', 'countersign' ) );
		$data  = array(
			'index'  => $first['index'],
			'id'     => $first['id'],
			'field'  => $first['field'],
			'errors' => $list,
		);
		if ( isset( $first['limit'] ) ) {
			$data['limit'] = $first['limit'];
		}
		return Countersign_Errors::make( $first['code'], $first['message'] . $more, $errors[0]['status'], $data );
	}
}
