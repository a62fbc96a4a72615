<?php
/**
 * A3: JSONL and CSV exports, streamed in keyset batches as they are read.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * The export route answers with a marker response; `rest_pre_serve_request` then streams.
 *
 * What the stream may show (the filter, with its user_id restriction) is decided in the route
 * callback and kept here, keyed to the request object. It never travels in the response
 * data: core trims that data by `_fields` (and wraps it for `_envelope`) in
 * `rest_post_dispatch`, and any plugin may filter it, before `rest_pre_serve_request` runs
 * (issue 33 item 1: `_fields=countersignExport` once dropped the filter and streamed every
 * user's records).
 */
class Countersign_Export {

	/**
	 * The decided exports: WP_REST_Request => array( 'filter' => array, 'format' => string ).
	 *
	 * @var WeakMap|null
	 */
	private static $decided = null;

	/** Rows read per query. */
	const BATCH = 2000;

	/** The extension's CSV_COLUMNS (src/audit/export.ts), in order. */
	const CSV_COLUMNS = array( 'id', 'createdAt', 'threadId', 'userId', 'siteOrigin', 'tool', 'status', 'mode', 'kind', 'destructive', 'draft', 'transport', 'position', 'decidedBy', 'decidedAt', 'payloadHash', 'resultSummary', 'outcome', 'errorCode', 'input', 'approvedEdit' );

	/**
	 * The route's answer: headers now, the body later (see serve()).
	 *
	 * @param WP_REST_Request $request The request the filter was decided for.
	 * @param array           $filter  Filter, with the caller's user_id restriction.
	 * @param string          $format  jsonl or csv.
	 * @return WP_REST_Response
	 */
	public static function response( $request, $filter, $format ) {
		self::$decided             ??= new WeakMap();
		self::$decided[ $request ] = array(
			'filter' => $filter,
			'format' => $format,
		);
		$type     = 'csv' === $format ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
		$name     = 'countersign-audit-' . gmdate( 'Y-m-d' ) . '.' . $format;
		$response = new WP_REST_Response(
			array(
				'countersignExport' => true,
				'format'            => $format,
			),
			200
		);
		$response->header( 'Content-Type', $type );
		$response->header( 'Content-Disposition', 'attachment; filename="' . $name . '"' );
		$response->header( 'Cache-Control', 'no-store' );
		$response->header( 'X-Accel-Buffering', 'no' );
		$response->header( 'X-Countersign-Chain', Countersign_Chain_Verify::header() );
		return $response;
	}

	/**
	 * `rest_pre_serve_request`: streams an export response instead of JSON-encoding it.
	 *
	 * @param bool             $served  Whether the request was served.
	 * @param WP_HTTP_Response $result  The response.
	 * @param WP_REST_Request  $request The request.
	 * @param WP_REST_Server   $server  The server.
	 * @return bool
	 */
	public static function serve( $served, $result, $request, $server ) {
		unset( $server );
		$decided = ( $request instanceof WP_REST_Request && self::$decided && isset( self::$decided[ $request ] ) ) ? self::$decided[ $request ] : null;
		if ( $served || null === $decided || ! $result instanceof WP_HTTP_Response || 200 !== $result->get_status() ) {
			return $served;
		}
		unset( self::$decided[ $request ] );
		// Fail closed: a filter without the decided owner restriction for a caller who may not
		// read every record is never streamed.
		$filter = $decided['filter'];
		if ( ! is_array( $filter ) || ( ! isset( $filter['user_id'] ) && ! current_user_can( 'countersign_read_audit' ) ) ) {
			return $served;
		}
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		self::stream( $filter, $decided['format'] );
		return true;
	}

	/**
	 * Writes every matching record, newest first.
	 *
	 * @param array  $filter Filter.
	 * @param string $format jsonl or csv.
	 */
	private static function stream( $filter, $format ) {
		$csv = 'csv' === $format;
		if ( $csv ) {
			echo implode( ',', self::CSV_COLUMNS ) . "\r\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a data file, not HTML.
		}
		$after = null;
		do {
			$rows = Countersign_Record_Query::rows( $filter, $after, self::BATCH, $csv );
			if ( null === $rows ) {
				// The status line is gone already: end the file with a line that cannot pass as a record.
				echo $csv ? "\r\n#error: the database refused the export\r\n" : "{\"error\":\"countersign_db_error\"}\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
				return;
			}
			$names = Countersign_Record_Query::display_names( $rows );
			$out   = '';
			foreach ( $rows as $row ) {
				$out .= $csv ? self::csv_line( $row ) : Countersign_Record_Query::record_json( $row, $names ) . "\n";
			}
			echo $out; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a data file, not HTML.
			flush();
			$last  = end( $rows );
			$after = $last ? array( (int) $last->created_at, $last->id ) : null;
		} while ( count( $rows ) === self::BATCH );
	}

	/**
	 * One CSV line of a stored row: the line written with the record (schema 2), or built
	 * from its JSON for a row stored before lines were kept.
	 *
	 * @param object $row Row.
	 * @return string
	 */
	private static function csv_line( $row ) {
		if ( null !== $row->csv_line && '' !== $row->csv_line ) {
			return $row->csv_line;
		}
		return self::csv_line_of( json_decode( $row->body ), (int) $row->user_id, '' !== $row->site_origin ? $row->site_origin : Countersign_Record_Query::origin() );
	}

	/**
	 * A record's CSV line (with its CRLF), with the extension's cell rules (toCsvLine in
	 * src/audit/export.ts). Built once when the record is stored, so an export only reads it.
	 *
	 * @param stdClass $r       The stored record.
	 * @param int      $user_id Its owner.
	 * @param string   $origin  The owner's site origin.
	 * @return string
	 */
	public static function csv_line_of( $r, $user_id, $origin ) {
		$c     = $r->classification ?? null;
		$cells = array(
			$r->id,
			self::iso( $r->createdAt ),
			$r->threadId,
			(string) $user_id,
			$origin,
			$r->tool,
			$r->status,
			$r->mode,
			$c ? $c->kind : 'unclassified',
			$c ? $c->destructive : null,
			$c ? ( $c->draft ?? null ) : null,
			$r->transport,
			$r->position,
			$r->decidedBy,
			null === $r->decidedAt ? null : self::iso( $r->decidedAt ),
			$r->payloadHash,
			$r->resultSummary ?? null,
			$r->outcome ?? null,
			$r->error->code ?? null,
			Countersign_Json::encode( $r->input ?? null ),
			isset( $r->approvedEdit ) ? Countersign_Json::encode( $r->approvedEdit ) : null,
		);
		return implode( ',', array_map( array( __CLASS__, 'cell' ), $cells ) ) . "\r\n";
	}

	/**
	 * Epoch ms as ISO 8601 with milliseconds, as JavaScript's toISOString().
	 *
	 * @param int|float $ms Epoch ms.
	 * @return string
	 */
	private static function iso( $ms ) {
		static $second = null;
		static $prefix = '';
		$ms = (int) floor( $ms );
		$s  = intdiv( $ms, 1000 );
		if ( $s !== $second ) {
			$second = $s;
			$prefix = gmdate( 'Y-m-d\TH:i:s.', $s );
		}
		return $prefix . str_pad( (string) ( $ms % 1000 ), 3, '0', STR_PAD_LEFT ) . 'Z';
	}

	/**
	 * One RFC 4180 cell, as the extension's csvCell().
	 *
	 * @param mixed $value Value.
	 * @return string
	 */
	private static function cell( $value ) {
		if ( null === $value ) {
			return '';
		}
		if ( is_bool( $value ) ) {
			return $value ? 'true' : 'false';
		}
		$text = (string) $value;
		if ( '' === $text ) {
			return '';
		}
		// S1: a leading = + - @ would run as a spreadsheet formula; it gets an apostrophe.
		if ( false !== strpos( "=+-@\t\r", $text[0] ) ) {
			$text = "'" . $text;
		}
		// strpbrk, not a regular expression: this runs for every cell of every exported row.
		return false !== strpbrk( $text, "\",\r\n" ) ? '"' . str_replace( '"', '""', $text ) . '"' : $text;
	}
}
