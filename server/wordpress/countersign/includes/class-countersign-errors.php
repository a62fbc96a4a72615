<?php
/**
 * Error helpers: WordPress REST errors with a status and the place of the problem.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the errors the API answers with (docs/server-api.md).
 */
class Countersign_Errors {

	/**
	 * A REST error with its HTTP status and extra data.
	 *
	 * @param string $code    Stable code.
	 * @param string $message A sentence for a person.
	 * @param int    $status  HTTP status.
	 * @param array  $data    Extra data (index, field, ...).
	 * @return WP_Error
	 */
	public static function make( $code, $message, $status, $data = array() ) {
		return new WP_Error( $code, $message, array_merge( array( 'status' => $status ), $data ) );
	}

	/**
	 * A 429/503 answer with Retry-After.
	 *
	 * @param string $code    Stable code.
	 * @param string $message A sentence.
	 * @param int    $status  429 or 503.
	 * @param int    $seconds Retry-After.
	 * @return WP_REST_Response
	 */
	public static function retry_later( $code, $message, $status, $seconds ) {
		$response = new WP_REST_Response(
			array(
				'code'    => $code,
				'message' => $message,
				'data'    => array(
					'status'     => $status,
					'retryAfter' => $seconds,
				),
			),
			$status
		);
		$response->header( 'Retry-After', (string) $seconds );
		return $response;
	}

	/**
	 * The number of the connection's last error (0: none).
	 *
	 * @return int
	 */
	public static function errno() {
		global $wpdb;
		return $wpdb->dbh instanceof mysqli ? mysqli_errno( $wpdb->dbh ) : 0;
	}

	/**
	 * Rolls the transaction back after a failed query and answers as database() does, with
	 * the failed query's error number (read first: the ROLLBACK resets it).
	 *
	 * @param string $what What was being done.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function rollback( $what ) {
		global $wpdb;
		$errno = self::errno();
		$wpdb->query( 'ROLLBACK' );
		return self::database( $what, $errno );
	}

	/**
	 * The answer for a database failure: busy (lock wait, deadlock) is 503 with Retry-After,
	 * anything else 500. The database's own message is never shown (S4); its number is logged.
	 *
	 * @param string   $what  What was being done.
	 * @param int|null $errno The error number, when it was read before other queries ran.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function database( $what, $errno = null ) {
		$errno ??= self::errno();
		if ( 1205 === $errno || 1213 === $errno ) {
			return self::retry_later( 'countersign_busy', __( 'The database is busy; nothing was written. Try again shortly.', 'countersign' ), 503, 2 );
		}
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the class only, never the text (S4).
		error_log( "Countersign: database error $errno while $what" );
		return self::make( 'countersign_db_error', sprintf( /* translators: 1: what the plugin was doing (a phrase translated on its own, context "what the plugin was doing when the database refused"), 2: the database error number. */ __( 'The database refused the request while %1$s (error %2$d); nothing was written.', 'countersign' ), $what, $errno ), 500 );
	}
}
