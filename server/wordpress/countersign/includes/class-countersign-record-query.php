<?php
/**
 * A3: reading records back: filters, keyset paging, and the shape records leave in.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds and runs the filtered, newest-first queries of GET /records and the export.
 */
class Countersign_Record_Query {

	/** Default page size. */
	const PAGE_SIZE = 50;

	/** Largest page. */
	const MAX_PAGE_SIZE = 100;

	/**
	 * Reads the filter parameters of a request. Returns the filter or a 400/403 error.
	 *
	 * The route's `args` (Countersign_Route_Args::records()) have already refused a wrong
	 * type, an empty string, an unknown status, a page size out of bounds or an unknown
	 * format, and cast the numbers; what is left is what JSON Schema cannot say: who may read
	 * whose records, a window that ends before it starts, and a cursor this server gave out.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param bool            $paged   Whether per_page and cursor apply.
	 * @return array|WP_Error
	 */
	public static function filter_from( $request, $paged ) {
		$filter = array();
		foreach ( array(
			'thread'     => 'thread_id',
			'tool'       => 'tool',
			'decided_by' => 'decided_by',
		) as $param => $column ) {
			$value = $request->get_param( $param );
			if ( null !== $value ) {
				$filter[ $column ] = (string) $value;
			}
		}
		$status = $request->get_param( 'status' );
		if ( null !== $status ) {
			$filter['status'] = array_values( array_unique( explode( ',', (string) $status ) ) );
		}
		$me   = get_current_user_id();
		$user = $request->get_param( 'user' );
		if ( null !== $user ) {
			if ( (int) $user !== $me && ! current_user_can( 'countersign_read_audit' ) ) {
				return Countersign_Errors::make( 'countersign_forbidden', __( 'Reading another user\'s records needs the countersign_read_audit capability.', 'countersign' ), 403, array( 'capability' => 'countersign_read_audit' ) );
			}
			$filter['user_id'] = (int) $user;
		} elseif ( ! current_user_can( 'countersign_read_audit' ) ) {
			$filter['user_id'] = $me;
		}
		foreach ( array( 'from', 'to' ) as $param ) {
			$value = $request->get_param( $param );
			if ( null !== $value ) {
				$filter[ $param ] = (int) $value;
			}
		}
		if ( isset( $filter['from'], $filter['to'] ) && $filter['from'] > $filter['to'] ) {
			return self::bad( 'from', __( '"from" is after "to"', 'countersign' ) );
		}
		if ( $paged ) {
			$filter['limit'] = (int) ( $request->get_param( 'per_page' ) ?? self::PAGE_SIZE );
			$cursor          = $request->get_param( 'cursor' );
			if ( null !== $cursor && '' !== $cursor ) {
				$after = self::decode_cursor( $cursor );
				if ( ! $after ) {
					return self::bad( 'cursor', __( '"cursor" is not one this server gave out (use nextCursor of the previous page)', 'countersign' ) );
				}
				$filter['after'] = $after;
			}
		}
		return $filter;
	}

	/**
	 * The WHERE clause (prepared) of a filter, with an optional keyset position.
	 *
	 * @param array      $filter Filter.
	 * @param array|null $after  `[created_at, id]` of the last row seen.
	 * @return string
	 */
	public static function where( $filter, $after = null ) {
		global $wpdb;
		$where = array( '1=1' );
		foreach ( array( 'thread_id', 'tool', 'decided_by' ) as $column ) {
			if ( isset( $filter[ $column ] ) ) {
				$where[] = $wpdb->prepare( "$column = %s", $filter[ $column ] ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			}
		}
		if ( isset( $filter['user_id'] ) ) {
			$where[] = $wpdb->prepare( 'user_id = %d', $filter['user_id'] );
		}
		if ( isset( $filter['status'] ) ) {
			$where[] = 'status IN (' . implode( ',', array_map( fn( $s ) => $wpdb->prepare( '%s', $s ), $filter['status'] ) ) . ')';
		}
		if ( isset( $filter['from'] ) ) {
			$where[] = $wpdb->prepare( 'created_at >= %d', $filter['from'] );
		}
		if ( isset( $filter['to'] ) ) {
			$where[] = $wpdb->prepare( 'created_at < %d', $filter['to'] );
		}
		if ( $after ) {
			$where[] = $wpdb->prepare( '(created_at < %d OR (created_at = %d AND id < %s))', $after[0], $after[0], $after[1] );
		}
		return implode( ' AND ', $where );
	}

	/**
	 * Up to `$limit` rows after the keyset position, newest first.
	 *
	 * @param array      $filter Filter.
	 * @param array|null $after  Keyset position.
	 * @param int        $limit  Rows.
	 * @param bool       $csv    Whether to read the stored CSV lines too.
	 * @return array|null Rows, or null on a database error.
	 */
	public static function rows( $filter, $after, $limit, $csv = false ) {
		global $wpdb;
		$table = Countersign_Schema::records_table();
		// A CSV export reads the stored lines, and the JSON only of rows that have none.
		$body  = $csv ? "csv_line, CASE WHEN csv_line IS NULL THEN body ELSE '' END AS body" : 'body';
		$sql   = "SELECT id, user_id, sender_login, decided_by, created_at, received_at, first_received_at, site_origin, site_root, $body FROM $table WHERE " . self::where( $filter, $after ) . ' ORDER BY created_at DESC, id DESC LIMIT ' . (int) $limit;
		$rows  = $wpdb->get_results( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- built from prepared parts.
		return '' === $wpdb->last_error ? $rows : null;
	}

	/**
	 * One page: `{ records, nextCursor }`.
	 *
	 * @param array $filter Filter with limit and after.
	 * @return array|WP_Error|WP_REST_Response
	 */
	public static function page( $filter ) {
		$limit = $filter['limit'];
		$rows  = self::rows( $filter, $filter['after'] ?? null, $limit + 1 );
		if ( null === $rows ) {
			return Countersign_Errors::database( _x( 'reading records', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		$next = null;
		if ( count( $rows ) > $limit ) {
			array_pop( $rows );
			$last = end( $rows );
			$next = self::encode_cursor( (int) $last->created_at, $last->id );
		}
		$chain   = Countersign_Record_Attestation::decisions( array_column( $rows, 'id' ) );
		$names   = self::display_names( $rows, $chain );
		$records = array();
		foreach ( $rows as $row ) {
			$record = json_decode( self::record_json( $row, $names ) );
			// A7: the record's own decidedBy is the browser's word; only a decision the site saw
			// (a second approver's, through the approvals routes) is named.
			$attest = Countersign_Record_Attestation::of( $row, $chain[ $row->id ] ?? array(), $names );
			$by     = $attest['site']['decision']['by'] ?? null;
			if ( null !== $by && (string) $by !== (string) $row->user_id && '' !== $attest['site']['decision']['name'] ) {
				$record->decidedByName = $attest['site']['decision']['name'];
			}
			$record->attestation = $attest;
			$records[]           = $record;
		}
		return array(
			'records'    => $records,
			'nextCursor' => $next,
		);
	}

	/**
	 * A stored row as the JSON of the record it leaves as: the stored body with the server's
	 * owner and receivedAt in front (spliced, so an export never decodes and re-encodes it).
	 *
	 * @param object $row   Row with user_id, received_at, site_origin, site_root, body.
	 * @param array  $names Display names by user id.
	 * @return string
	 */
	public static function record_json( $row, $names ) {
		static $owners = array();
		$key = $row->user_id . "\n" . $row->site_origin . "\n" . $row->site_root;
		if ( ! isset( $owners[ $key ] ) ) {
			$owner = array(
				'userId'     => (string) $row->user_id,
				'siteOrigin' => '' !== $row->site_origin ? $row->site_origin : self::origin(),
			);
			if ( '' !== $row->site_root ) {
				$owner['siteRoot'] = $row->site_root;
			}
			$owner['displayName'] = $names[ (int) $row->user_id ] ?? '';
			$owners[ $key ]       = '{"owner":' . Countersign_Json::encode( $owner ) . ',"receivedAt":';
		}
		return $owners[ $key ] . (int) $row->received_at . ',' . substr( $row->body, 1 );
	}

	/**
	 * A stored `decided_by` as a user id, or null when a rule, the expiry or nobody decided.
	 *
	 * @param string|null $decided_by The column.
	 * @return int|null
	 */
	public static function person_id( $decided_by ) {
		return is_string( $decided_by ) && 1 === preg_match( '/^[1-9][0-9]{0,18}$/', $decided_by ) ? (int) $decided_by : null;
	}

	/**
	 * Display names of the rows' owners and of the people the site saw decide them; one
	 * query for a page.
	 *
	 * @param array $rows  Rows.
	 * @param array $chain The site's decisions by record id (Countersign_Record_Attestation::decisions()).
	 * @return array
	 */
	public static function display_names( $rows, $chain = array() ) {
		static $cache = array();
		$missing = array();
		foreach ( $rows as $row ) {
			$ids = array( (int) $row->user_id );
			if ( isset( $chain[ $row->id ]['site_decision'] ) ) {
				$ids[] = (int) $chain[ $row->id ]['site_decision']->user_id;
			}
			foreach ( $ids as $id ) {
				if ( null !== $id && ! isset( $cache[ $id ] ) ) {
					$missing[ $id ] = true;
				}
			}
		}
		if ( $missing ) {
			foreach ( get_users(
				array(
					'include' => array_keys( $missing ),
					'fields'  => array( 'ID', 'display_name' ),
				)
			) as $user ) {
				$cache[ (int) $user->ID ] = $user->display_name;
			}
			foreach ( array_keys( $missing ) as $id ) {
				$cache[ $id ] ??= '';
			}
		}
		return $cache;
	}

	/**
	 * The site's origin (scheme://host[:port]).
	 *
	 * @return string
	 */
	public static function origin() {
		static $origin = null;
		if ( null !== $origin ) {
			return $origin;
		}
		$parts  = wp_parse_url( home_url() );
		$origin = $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
		return $origin;
	}

	/**
	 * An opaque cursor for a keyset position.
	 *
	 * @param int    $created_at Epoch ms.
	 * @param string $id         Record id.
	 * @return string
	 */
	public static function encode_cursor( $created_at, $id ) {
		return rtrim( strtr( base64_encode( $created_at . ':' . $id ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
	}

	/**
	 * The keyset position of a cursor, or null.
	 *
	 * @param mixed $cursor Cursor.
	 * @return array|null
	 */
	public static function decode_cursor( $cursor ) {
		if ( ! is_string( $cursor ) ) {
			return null;
		}
		$text = base64_decode( strtr( $cursor, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
		if ( false === $text || ! preg_match( '/^(\d{1,18}):([A-Za-z0-9_.:-]{1,100})$/', $text, $m ) ) {
			return null;
		}
		return array( (int) $m[1], $m[2] );
	}

	/**
	 * A bad filter parameter.
	 *
	 * @param string $field   Parameter.
	 * @param string $message Sentence.
	 * @return WP_Error
	 */
	private static function bad( $field, $message ) {
		return Countersign_Errors::make( 'countersign_invalid_filter', sprintf( /* translators: %s: what is wrong with the filter. */ __( 'The filter was refused: %s.', 'countersign' ), $message ), 400, array( 'field' => $field ) );
	}
}
