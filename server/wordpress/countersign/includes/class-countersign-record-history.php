<?php
/**
 * A1 / G8 / G12: the statuses a record may start in and every allowed step, as the
 * extension's src/audit/transitions.ts, and the check of a record's history against them.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Transitions of a record's status; anything not listed is refused.
 */
class Countersign_Record_History {

	/** Statuses a record may start in (src/audit/transitions.ts INITIAL_STATUSES). */
	const INITIAL = array( 'pending', 'approved', 'run', 'failed', 'refused', 'skipped' );

	/** Every allowed step (src/audit/transitions.ts TRANSITIONS); any other is refused. */
	const TRANSITIONS = array(
		'pending'  => array( 'approved', 'rejected', 'expired', 'skipped' ),
		'approved' => array( 'run', 'failed' ),
	);

	/**
	 * Whether `from` may move to `to`.
	 *
	 * @param string $from Status.
	 * @param string $to   Status.
	 * @return bool
	 */
	public static function can_transition( $from, $to ) {
		return in_array( $to, self::TRANSITIONS[ $from ] ?? array(), true );
	}

	/**
	 * A record's history: a chain of allowed steps from an initial status to `status`.
	 *
	 * @param stdClass $r The record.
	 * @return array|null
	 */
	public static function check( $r ) {
		$history = $r->history ?? null;
		if ( ! is_array( $history ) || array() === $history ) {
			return Countersign_Record_Validator::bad( 'history', '"history" must be a list of at least one { status, at, by }' );
		}
		$previous = null;
		foreach ( $history as $i => $step ) {
			if ( ! $step instanceof stdClass ) {
				return Countersign_Record_Validator::bad( "history.$i", "\"history.$i\" must be an object { status, at, by }" );
			}
			$p = Countersign_Record_Validator::enum_field( $step, 'status', Countersign_Record_Validator::STATUSES, "history.$i." );
			if ( $p ) {
				return $p;
			}
			if ( ! Countersign_Record_Validator::is_number( $step->at ?? null ) ) {
				return Countersign_Record_Validator::bad( "history.$i.at", "\"history.$i.at\" must be epoch milliseconds" );
			}
			if ( ! property_exists( $step, 'by' ) || ( null !== $step->by && ! is_string( $step->by ) ) ) {
				return Countersign_Record_Validator::bad( "history.$i.by", "\"history.$i.by\" must be null or a string" );
			}
			if ( null === $previous && ! in_array( $step->status, self::INITIAL, true ) ) {
				return self::transition( 'history.0.status', sprintf( 'a record cannot start as "%s" (it starts as one of %s)', $step->status, implode( ', ', self::INITIAL ) ) );
			}
			if ( null !== $previous && ! self::can_transition( $previous, $step->status ) ) {
				return self::transition( "history.$i.status", sprintf( 'a record cannot go from "%s" to "%s"', $previous, $step->status ) . self::allowed( $previous ) );
			}
			$previous = $step->status;
		}
		if ( $previous !== $r->status ) {
			return self::transition( 'status', sprintf( '"status" is "%s" but the last history step is "%s"', $r->status, $previous ) );
		}
		return null;
	}

	/**
	 * What may follow a status, for messages.
	 *
	 * @param string $from Status.
	 * @return string
	 */
	public static function allowed( $from ) {
		$next = self::TRANSITIONS[ $from ] ?? array();
		return array() === $next ? " ($from is final)" : ' (allowed: ' . implode( ', ', $next ) . ')';
	}

	/**
	 * A transition problem.
	 *
	 * @param string $field   Dotted path.
	 * @param string $message Sentence.
	 * @return array
	 */
	private static function transition( $field, $message ) {
		return array(
			'code'    => 'countersign_bad_transition',
			'status'  => 409,
			'field'   => $field,
			'message' => $message,
		);
	}
}
