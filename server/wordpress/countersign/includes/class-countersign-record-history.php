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
		'approved' => array( 'run', 'failed', 'refused' ),
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
			return Countersign_Record_Validator::bad( 'history', __( '"history" must be a list of at least one { status, at, by }', 'countersign' ) );
		}
		$previous = null;
		foreach ( $history as $i => $step ) {
			if ( ! $step instanceof stdClass ) {
				return Countersign_Record_Validator::bad( "history.$i", sprintf( /* translators: %s: the step's place in the history, such as history.2. */ __( '"%s" must be an object { status, at, by }', 'countersign' ), "history.$i" ) );
			}
			$p = Countersign_Record_Validator::enum_field( $step, 'status', Countersign_Record_Validator::STATUSES, "history.$i." );
			if ( $p ) {
				return $p;
			}
			if ( ! Countersign_Record_Validator::is_number( $step->at ?? null ) ) {
				return Countersign_Record_Validator::bad( "history.$i.at", sprintf( /* translators: %s: a field of a history step, such as history.2.at. */ __( '"%s" must be epoch milliseconds', 'countersign' ), "history.$i.at" ) );
			}
			if ( ! property_exists( $step, 'by' ) || ( null !== $step->by && ! is_string( $step->by ) ) ) {
				return Countersign_Record_Validator::bad( "history.$i.by", sprintf( /* translators: %s: a field of a history step, such as history.2.by. */ __( '"%s" must be null or a string', 'countersign' ), "history.$i.by" ) );
			}
			if ( null === $previous && ! in_array( $step->status, self::INITIAL, true ) ) {
				return self::transition( 'history.0.status', sprintf( /* translators: 1: the status sent, 2: the statuses a record may start in, separated by commas. */ __( 'a record cannot start as "%1$s" (it starts as one of %2$s)', 'countersign' ), $step->status, implode( ', ', self::INITIAL ) ) );
			}
			if ( null !== $previous && ! self::can_transition( $previous, $step->status ) ) {
				return self::transition( "history.$i.status", sprintf( /* translators: 1: a status, 2: the status after it, 3: what may follow the first status (a parenthesis). */ __( 'a record cannot go from "%1$s" to "%2$s"%3$s', 'countersign' ), $previous, $step->status, self::allowed( $previous ) ) );
			}
			$previous = $step->status;
		}
		if ( $previous !== $r->status ) {
			return self::transition( 'status', sprintf( /* translators: 1: the record's status, 2: the status of its last history step. */ __( '"status" is "%1$s" but the last history step is "%2$s"', 'countersign' ), $r->status, $previous ) );
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
		return array() === $next
			/* translators: %s: a status. */
			? ' ' . sprintf( __( '(%s is final)', 'countersign' ), $from )
			/* translators: %s: the statuses that may follow, separated by commas. */
			: ' ' . sprintf( __( '(allowed: %s)', 'countersign' ), implode( ', ', $next ) );
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
