<?php
/**
 * G15, G7: a second person's decision on a waiting call, bound to its id, its payload hash
 * and the card's stamp. Every refusal names its reason and changes nothing.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * POST /approvals/{id}/decision.
 */
class Countersign_Approval_Decision {

	/** The longest reject note kept. */
	const MAX_NOTE = 2000;

	/**
	 * Records an approval or a rejection by the caller.
	 *
	 * @param string $id      Approval id.
	 * @param string $body    Raw body `{ approve, payloadHash, stamp, siteRoot, note?, approver? }`.
	 * @param int    $user_id The approver: the caller, never a body field.
	 * @return array|WP_Error
	 */
	public static function decide( $id, $body, $user_id ) {
		global $wpdb;
		list( $data, $problem ) = Countersign_Json::decode( $body );
		$problem              ??= self::problem( $data );
		if ( null !== $problem ) {
			/* translators: %s: what is wrong with the decision. */
			return Countersign_Errors::make( 'countersign_invalid_decision', sprintf( __( 'The decision was refused: %s.', 'countersign' ), $problem ), 400 );
		}
		if ( ! Countersign_Approvals::same_site( $data->siteRoot ) ) {
			return Countersign_Approvals::other_site();
		}
		if ( property_exists( $data, 'approver' ) && (string) $data->approver !== (string) $user_id ) {
			return Countersign_Errors::make( 'countersign_approver_forged', __( 'The decision was refused: it names another person as the approver. A decision is always the signed-in person\'s own.', 'countersign' ), 403 );
		}
		Countersign_Approvals::expire_due();
		$row = Countersign_Approval_View::row( $id );
		if ( ! $row ) {
			return Countersign_Approval_View::not_found( $id );
		}
		$refused = self::refusal( $row, $data, $user_id );
		if ( null !== $refused ) {
			return $refused;
		}
		$now     = Countersign_Json::now_ms();
		$status  = $data->approve ? 'approved' : 'rejected';
		$note    = $data->approve ? null : Countersign_Approval_Card::text( mb_substr( (string) ( $data->note ?? '' ), 0, self::MAX_NOTE ) );
		$table   = Countersign_Schema::approvals_table();
		$changed = self::write( $table, $id, $status, $note, $user_id, $now, $data );
		if ( is_wp_error( $changed ) || $changed instanceof WP_REST_Response ) {
			return $changed;
		}
		if ( 1 !== $changed ) {
			// Another decision (or a refreshed offer) came first.
			$now_row = Countersign_Approval_View::row( $id );
			return self::refusal( $now_row, $data, $user_id ) ?? Countersign_Errors::make( 'countersign_approval_decided', __( 'The decision was refused: the call changed while it was being decided.', 'countersign' ), 409 );
		}
		return Countersign_Approval_View::one( $id, $user_id );
	}

	/**
	 * The decision's UPDATE and, when it took, the site's attestation of it in the audit
	 * chain (A7), in one transaction under the chain lock. Returns the rows changed.
	 *
	 * @param string   $table   Approvals table.
	 * @param string   $id      Approval id (the requester's record id).
	 * @param string   $status  approved or rejected.
	 * @param mixed    $note    Reject note or null.
	 * @param int      $user_id Approver.
	 * @param int      $now     Epoch ms.
	 * @param stdClass $data    Decision body.
	 * @return int|WP_Error|WP_REST_Response
	 */
	private static function write( $table, $id, $status, $note, $user_id, $now, $data ) {
		global $wpdb;
		if ( ! Countersign_Chain::lock() ) {
			return Countersign_Chain::busy();
		}
		try {
			if ( false === $wpdb->query( 'START TRANSACTION' ) ) {
				return Countersign_Errors::database( _x( 'recording the decision', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			// By primary key only: with few rows the optimizer picks the status index for this
			// UPDATE, and two decisions at once then locked each other's index gaps (a deadlock:
			// one approver got a database error where "already decided" belongs).
			$changed = $wpdb->query( $wpdb->prepare( "UPDATE $table FORCE INDEX (PRIMARY) SET status = %s, note = %s, decided_by = %d, decided_at = %d, updated_at = %d WHERE id = %s AND status = 'waiting' AND payload_hash = %s AND COALESCE(stamp, '') = %s", $status, $note, $user_id, $now, $now, $id, $data->payloadHash, (string) $data->stamp ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			if ( false === $changed ) {
				return Countersign_Errors::rollback( _x( 'recording the decision', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			if ( 1 === $changed ) {
				$content = Countersign_Json::encode(
					array(
						'approval'    => $id,
						'status'      => $status,
						'decidedBy'   => (string) $user_id,
						'decidedAt'   => $now,
						'payloadHash' => $data->payloadHash,
						'stamp'       => $data->stamp,
					)
				);
				$entry   = Countersign_Chain::entry( 'site_decision', $id, 0, $status, $user_id, Countersign_Chain::login( $user_id ), $now, hash( 'sha256', $content ) );
				if ( ! Countersign_Chain::append( array( $entry ) ) ) {
					return Countersign_Errors::rollback( _x( 'attesting the decision', 'what the plugin was doing when the database refused', 'countersign' ) );
				}
			}
			if ( false === $wpdb->query( 'COMMIT' ) ) {
				return Countersign_Errors::rollback( _x( 'recording the decision', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			return $changed;
		} finally {
			Countersign_Chain::unlock();
		}
	}

	/**
	 * Why this caller may not make this decision now, or null.
	 *
	 * @param object   $row     Row.
	 * @param stdClass $data    Decision.
	 * @param int      $user_id Caller.
	 * @return WP_Error|null
	 */
	private static function refusal( $row, $data, $user_id ) {
		if ( 'waiting' !== $row->status ) {
			return Countersign_Errors::make( 'countersign_approval_decided', sprintf( /* translators: %s: the call's status (such as approved or expired). */ __( 'The decision was refused: this call is already %s.', 'countersign' ), $row->status ), 409, array( 'current' => $row->status ) );
		}
		if ( (int) $row->requester_id === $user_id ) {
			return Countersign_Errors::make( 'countersign_self_approval', __( 'The decision was refused: the site policy asks another person to approve this call, and you asked for it.', 'countersign' ), 403 );
		}
		if ( ! current_user_can( $row->capability ) ) {
			return Countersign_Errors::make( 'countersign_forbidden', sprintf( /* translators: %s: a WordPress capability name. */ __( 'The decision was refused: approving this call needs the %s capability.', 'countersign' ), $row->capability ), 403, array( 'capability' => $row->capability ) );
		}
		if ( ! hash_equals( $row->payload_hash, $data->payloadHash ) ) {
			return Countersign_Errors::make( 'countersign_approval_wrong_hash', __( 'The decision was refused: it was made on another payload than the one waiting (the payload hash differs).', 'countersign' ), 409 );
		}
		if ( (string) $row->stamp !== (string) $data->stamp ) {
			return Countersign_Errors::make( 'countersign_approval_stale', __( 'The decision was refused: the card was refreshed since you opened it. Review it again.', 'countersign' ), 409 );
		}
		return null;
	}

	/**
	 * The body's first problem, or null.
	 *
	 * @param mixed $data Decoded body.
	 * @return string|null
	 */
	private static function problem( $data ) {
		if ( ! $data instanceof stdClass || ! is_bool( $data->approve ?? null ) ) {
			return __( 'the body must be { "approve": true|false, "payloadHash", "stamp", "siteRoot", "note"? }', 'countersign' );
		}
		if ( ! is_string( $data->payloadHash ?? null ) || ! is_string( $data->siteRoot ?? null ) ) {
			return __( '"payloadHash" and "siteRoot" must be the strings the card showed', 'countersign' );
		}
		if ( ! property_exists( $data, 'stamp' ) || ( null !== $data->stamp && ! is_string( $data->stamp ) ) ) {
			return __( '"stamp" must be the card\'s stamp (a string) or null', 'countersign' );
		}
		if ( property_exists( $data, 'note' ) && null !== $data->note && ! is_string( $data->note ) ) {
			return __( '"note" must be a string', 'countersign' );
		}
		return null;
	}
}
