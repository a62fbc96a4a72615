<?php
/**
 * G15, P7: what the approvals routes answer: the calls waiting for the caller, the caller's
 * own offers, and one call with its card (current values only for a reader of the entity).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads of the approvals table.
 */
class Countersign_Approval_View {

	/** The most calls one list answers. */
	const MAX_LIST = 100;

	/**
	 * GET /approvals?scope=waiting|mine.
	 *
	 * `waiting` (default): calls another person asked for that the caller may decide now.
	 * `mine`: the caller's own offers not yet picked up (any status but withdrawn).
	 *
	 * @param string $scope   Scope.
	 * @param int    $user_id Caller.
	 * @return array|WP_Error
	 */
	public static function list( $scope, $user_id ) {
		global $wpdb;
		Countersign_Approvals::expire_due();
		$table = Countersign_Schema::approvals_table();
		if ( 'mine' === $scope ) {
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM $table WHERE requester_id = %d AND picked_up_at IS NULL AND status <> 'withdrawn' ORDER BY created_at DESC LIMIT %d", $user_id, self::MAX_LIST ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		} elseif ( 'waiting' === $scope ) {
			// The capability filter is part of the query: filtering after LIMIT let anybody's
			// 100 offers for a capability the caller lacks hide the calls the caller may decide.
			// The capabilities come from the site policy (never the body), so they are few.
			$caps = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT capability FROM $table WHERE status = 'waiting' AND requester_id <> %d", $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			$held = array_values( array_filter( $caps, fn( $cap ) => current_user_can( $cap ) ) );
			$rows = array();
			if ( $held ) {
				$in   = implode( ', ', array_fill( 0, count( $held ), '%s' ) );
				$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM $table WHERE status = 'waiting' AND requester_id <> %d AND capability IN ($in) ORDER BY created_at DESC LIMIT %d", array_merge( array( $user_id ), $held, array( self::MAX_LIST ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			}
		} else {
			return Countersign_Errors::make( 'countersign_invalid_filter', __( 'The list was refused: "scope" must be waiting or mine.', 'countersign' ), 400, array( 'field' => 'scope' ) );
		}
		if ( '' !== $wpdb->last_error ) {
			return Countersign_Errors::database( _x( 'reading the calls waiting for approval', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		return array(
			'approvals' => array_map( fn( $row ) => self::shape( $row, $user_id, false ), $rows ),
			'site'      => rest_url(),
		);
	}

	/**
	 * GET /approvals/{id}: one call with its card, for its requester or a person who holds
	 * the approving capability. P7: the current values only when the caller may read the
	 * entity; otherwise the card says they are withheld.
	 *
	 * @param string $id      Approval id.
	 * @param int    $user_id Caller.
	 * @return array|WP_Error
	 */
	public static function read( $id, $user_id ) {
		Countersign_Approvals::expire_due();
		$row = self::row( $id );
		if ( ! $row ) {
			return self::not_found( $id );
		}
		if ( (int) $row->requester_id !== $user_id && ! current_user_can( $row->capability ) ) {
			return Countersign_Errors::make( 'countersign_forbidden', sprintf( /* translators: %s: a WordPress capability name. */ __( 'Only its requester and people with the %s capability may read this call.', 'countersign' ), $row->capability ), 403, array( 'capability' => $row->capability ) );
		}
		return self::shape( $row, $user_id, true );
	}

	/**
	 * One call as the requester sees it (after an offer, a withdrawal, ...).
	 *
	 * @param string $id      Approval id.
	 * @param int    $user_id Caller.
	 * @return array|WP_Error
	 */
	public static function one( $id, $user_id ) {
		$row = self::row( $id );
		return $row ? self::shape( $row, $user_id, true ) : self::not_found( $id );
	}

	/**
	 * A row by id.
	 *
	 * @param string $id Approval id.
	 * @return object|null
	 */
	public static function row( $id ) {
		global $wpdb;
		$table = Countersign_Schema::approvals_table();
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM $table WHERE id = %s", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * The refusal for an id the site does not hold.
	 *
	 * @param string $id Approval id.
	 * @return WP_Error
	 */
	public static function not_found( $id ) {
		return Countersign_Errors::make( 'countersign_approval_not_found', sprintf( /* translators: %s: the id of a call. */ __( 'No call "%s" waits for approval on this site (it may belong to another site).', 'countersign' ), $id ), 404 );
	}

	/**
	 * P7: whether the caller may read the call's entity (WordPress decides: edit_post for a
	 * post, manage_options for settings; nothing else is readable).
	 *
	 * @param object $row Row.
	 * @return bool
	 */
	public static function may_read_entity( $row ) {
		if ( 'post' === $row->entity_type ) {
			return (int) $row->entity_id > 0 && null !== get_post( (int) $row->entity_id ) && current_user_can( 'edit_post', (int) $row->entity_id );
		}
		return 'settings' === $row->entity_type && current_user_can( 'manage_options' );
	}

	/**
	 * P7: whether a card holds nothing read from an entry, so nothing is withheld: an ability's
	 * call names no entry, shows no current values and no preview; the names its arguments
	 * point at are the viewer's own (Countersign_Approval_Names).
	 *
	 * @param object $row  Row.
	 * @param mixed  $card Stored card.
	 * @return bool
	 */
	private static function reads_nothing( $row, $card ) {
		return '' === (string) $row->entity_type && $card instanceof stdClass && isset( $card->argumentCard )
			&& empty( $card->fields ) && empty( $card->config ) && empty( $card->entity )
			&& 'none' === ( $card->preview->state ?? 'none' ) && empty( $card->preview->lines ?? array() );
	}

	/**
	 * A row as the API shows it.
	 *
	 * @param object $row       Row.
	 * @param int    $viewer    Caller.
	 * @param bool   $with_card Include the card.
	 * @return array
	 */
	private static function shape( $row, $viewer, $with_card ) {
		$card      = json_decode( $row->card );
		$requester = (int) $row->requester_id;
		// P7: a person who may not read the entry learns neither its values nor its title.
		$may       = $requester === $viewer || self::may_read_entity( $row ) || self::reads_nothing( $row, $card );
		$answer    = array(
			'id'          => $row->id,
			'threadId'    => $row->thread_id,
			'tool'        => $row->tool,
			'toolLabel'   => $card->toolLabel ?? $row->tool,
			'entityTitle' => $may ? ( $card->entity->title ?? null ) : null,
			'status'      => $row->status,
			'requester'   => self::person( $requester ),
			'capability'  => $row->capability,
			'requiredBy'  => $row->required_by,
			'payloadHash' => $row->payload_hash,
			'stamp'       => $row->stamp,
			'entity'      => array(
				'type' => $row->entity_type,
				'id'   => (int) $row->entity_id,
			),
			'createdAt'   => (int) $row->created_at,
			'updatedAt'   => (int) $row->updated_at,
			'expiresAt'   => null === $row->expires_at ? null : (int) $row->expires_at,
			'decidedBy'   => null === $row->decided_by ? null : self::person( (int) $row->decided_by ),
			'decidedAt'   => null === $row->decided_at ? null : (int) $row->decided_at,
			'note'        => $row->note,
			'offers'      => (int) $row->offers,
			'canDecide'   => 'waiting' === $row->status && $requester !== $viewer && current_user_can( $row->capability ),
		);
		if ( $with_card ) {
			$shown           = $may ? $card : Countersign_Approval_Card::withhold( $card );
			$answer['card']  = $shown instanceof stdClass ? Countersign_Approval_Names::for_viewer( $shown ) : $shown;
			$answer['withheld'] = ! $may;
		}
		return $answer;
	}

	/**
	 * A person as `{ userId, displayName }`.
	 *
	 * @param int $id User id.
	 * @return array
	 */
	private static function person( $id ) {
		$user = get_userdata( $id );
		return array(
			'userId'      => (string) $id,
			'displayName' => $user ? $user->display_name : '',
		);
	}
}
