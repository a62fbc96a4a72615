<?php
/**
 * JSON in and out, keeping `{}` and `[]` apart (objects decode as stdClass).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * JSON helpers.
 */
class Countersign_Json {

	/** Flags for every encode: compact, readable, numbers as they came. */
	const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_INVALID_UTF8_SUBSTITUTE;

	/**
	 * Decodes a request body with objects as stdClass; null and a message when it is not JSON.
	 *
	 * @param string $text The body.
	 * @return array{0: mixed, 1: string|null}
	 */
	public static function decode( $text ) {
		if ( '' === trim( $text ) ) {
			return array( null, __( 'the body is empty', 'countersign' ) );
		}
		try {
			return array( json_decode( $text, false, 512, JSON_THROW_ON_ERROR ), null );
		} catch ( JsonException $e ) {
			/* translators: %s: the JSON parser's own words (in English). */
			return array( null, sprintf( __( 'the body is not JSON (%s)', 'countersign' ), $e->getMessage() ) );
		}
	}

	/**
	 * Encodes a value.
	 *
	 * @param mixed $value Anything json_encode takes.
	 * @return string
	 */
	public static function encode( $value ) {
		// json_encode, not wp_json_encode: this runs per record in batches and exports, and
		// JSON_INVALID_UTF8_SUBSTITUTE already covers what wp_json_encode's retry would fix.
		return (string) json_encode( $value, self::FLAGS ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
	}

	/**
	 * The current time in epoch milliseconds.
	 *
	 * @return int
	 */
	public static function now_ms() {
		return (int) floor( microtime( true ) * 1000 );
	}

	/**
	 * A UUID version 7 (time-ordered), as the extension's newRecordId().
	 *
	 * @return string
	 */
	public static function uuid7() {
		$ms    = self::now_ms();
		$bytes = random_bytes( 16 );
		$time  = str_pad( dechex( $ms ), 12, '0', STR_PAD_LEFT );
		$hex   = $time . bin2hex( substr( $bytes, 6 ) );
		$hex[12] = '7';
		$hex[16] = dechex( 8 | ( hexdec( $hex[16] ) & 3 ) );
		return substr( $hex, 0, 8 ) . '-' . substr( $hex, 8, 4 ) . '-' . substr( $hex, 12, 4 ) . '-' . substr( $hex, 16, 4 ) . '-' . substr( $hex, 20, 12 );
	}
}
