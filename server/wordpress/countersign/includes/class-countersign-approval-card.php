<?php
/**
 * G15, P7: the card data of a call waiting for a second approver, sanitized and bounded when
 * it is offered, and the current values withheld from an approver who may not read them.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Card data as the extension's ApprovalCardSchema names it (src/shared/thread-protocol.ts),
 * keeping only the parts an approver needs.
 */
class Countersign_Approval_Card {

	/** The most a card's JSON may hold. */
	const MAX_BYTES = 262144;

	/** The longest kept string; longer ones are cut and end in an ellipsis. */
	const MAX_STRING = 20000;

	/** The most items of a list (fields, args, config, preview lines). */
	const MAX_ITEMS = 100;

	/** Top-level keys kept, and what each is. */
	const KEYS = array(
		'toolLabel'       => 'string',
		'cardDescription' => 'string',
		'reason'          => 'string',
		'layout'          => 'string',
		'lands'           => 'string',
		'entity'          => 'object',
		'fields'          => 'list',
		'config'          => 'list',
		'args'            => 'list',
		'preview'         => 'object',
		'irreversible'    => 'bool',
		'waiting'         => 'int',
		// G13: a card refreshed because its target changed says which fields changed.
		'targetChanged'   => 'object',
		// C4: an ability's arguments by title; the entity names are the viewer's (approval-names).
		'argumentCard'    => 'object',
	);

	/**
	 * The card as stored: known keys only, strings bounded and free of control characters,
	 * HTML through wp_kses_post, links through esc_url_raw. Null and a message when it is not
	 * a card or is too large.
	 *
	 * @param mixed $card Decoded card (stdClass).
	 * @return array{0: stdClass|null, 1: string|null}
	 */
	public static function sanitize( $card ) {
		if ( ! $card instanceof stdClass ) {
			return array( null, __( '"card" must be an object (the approval card\'s data)', 'countersign' ) );
		}
		$out = new stdClass();
		foreach ( self::KEYS as $key => $kind ) {
			if ( ! property_exists( $card, $key ) ) {
				continue;
			}
			$value = $card->$key;
			if ( 'string' === $kind && is_string( $value ) ) {
				$out->$key = self::text( $value );
			} elseif ( 'bool' === $kind && is_bool( $value ) ) {
				$out->$key = $value;
			} elseif ( 'int' === $kind && is_int( $value ) ) {
				$out->$key = max( 0, $value );
			} elseif ( 'list' === $kind && is_array( $value ) ) {
				$out->$key = array_map( array( __CLASS__, 'clean' ), array_slice( $value, 0, self::MAX_ITEMS ) );
			} elseif ( 'object' === $kind && $value instanceof stdClass ) {
				$out->$key = self::clean( $value );
			}
		}
		if ( ! isset( $out->toolLabel ) || ! isset( $out->layout ) ) {
			return array( null, __( '"card" needs at least "toolLabel" and "layout"', 'countersign' ) );
		}
		if ( isset( $out->entity->link ) ) {
			$out->entity->link = esc_url_raw( (string) $out->entity->link, array( 'http', 'https' ) );
		}
		foreach ( $out->fields ?? array() as $field ) {
			foreach ( array( 'currentRendered', 'proposedRendered' ) as $html ) {
				if ( isset( $field->$html ) && is_string( $field->$html ) ) {
					$field->$html = wp_kses_post( $field->$html );
				}
			}
		}
		if ( strlen( Countersign_Json::encode( $out ) ) > self::MAX_BYTES ) {
			/* translators: %d: the largest card accepted, in bytes. */
			return array( null, sprintf( __( 'the card data is larger than %d bytes', 'countersign' ), self::MAX_BYTES ) );
		}
		return array( $out, null );
	}

	/**
	 * P7: the card without what only a reader of the entity may see: the current column of
	 * each field and setting, and the preview. `withheld: true` says so.
	 *
	 * @param stdClass $card Stored card.
	 * @return stdClass
	 */
	public static function withhold( $card ) {
		foreach ( $card->fields ?? array() as $field ) {
			if ( $field instanceof stdClass ) {
				$field->current = '';
				unset( $field->currentRendered );
			}
		}
		foreach ( $card->config ?? array() as $item ) {
			if ( $item instanceof stdClass ) {
				$item->current = null;
			}
		}
		if ( isset( $card->entity ) && $card->entity instanceof stdClass ) {
			$card->entity->title = '';
			$card->entity->link  = '';
		}
		$card->preview  = (object) array(
			'state' => 'withheld',
			'lines' => array(),
			'notes' => array( __( 'You may not read this entry, so its title, current values and preview are withheld.', 'countersign' ) ),
		);
		$card->withheld = true;
		return $card;
	}

	/**
	 * Any JSON value with strings bounded, lists cut and depth limited.
	 *
	 * @param mixed $value Value.
	 * @param int   $depth Depth so far.
	 * @return mixed
	 */
	public static function clean( $value, $depth = 0 ) {
		if ( is_string( $value ) ) {
			return self::text( $value );
		}
		if ( $depth > 8 ) {
			return null;
		}
		if ( is_array( $value ) ) {
			return array_map( fn( $item ) => self::clean( $item, $depth + 1 ), array_slice( $value, 0, self::MAX_ITEMS ) );
		}
		if ( $value instanceof stdClass ) {
			$out = new stdClass();
			foreach ( array_slice( get_object_vars( $value ), 0, self::MAX_ITEMS, true ) as $key => $item ) {
				$out->{self::text( (string) $key )} = self::clean( $item, $depth + 1 );
			}
			return $out;
		}
		return $value;
	}

	/**
	 * A string without control characters (tab and newline kept), at most MAX_STRING long.
	 *
	 * @param string $text Text.
	 * @return string
	 */
	public static function text( $text ) {
		$text = (string) preg_replace( '/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/u', '', wp_check_invalid_utf8( $text, true ) );
		return mb_strlen( $text ) > self::MAX_STRING ? mb_substr( $text, 0, self::MAX_STRING - 1 ) . '…' : $text;
	}
}
