<?php
/**
 * G15: calls that wait for a second approver. The requester's extension offers them; other
 * people decide them; the requester picks the decision up, withdraws, or they expire (G12).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Offer, withdraw, picked up, expiry. Reads are Countersign_Approval_View, decisions
 * Countersign_Approval_Decision.
 */
class Countersign_Approvals {

	/** The cron event that marks calls past the admin's expiry as expired. */
	const HOOK = 'countersign_expire_approvals';

	/** An id (the extension's record id) and a thread id. */
	const ID = '/^[A-Za-z0-9_.:-]{1,100}$/';

	/**
	 * POST /approvals: stores a call for another person to decide. The requester is the
	 * caller; who may approve comes from the site policy's approvals, never from the body.
	 * Offering a call again with the same payload hash and stamp changes nothing (a restarted
	 * worker announces its card again); a new stamp (G13, the refreshed card) waits again.
	 *
	 * @param string $body    Raw body.
	 * @param int    $user_id The requester.
	 * @return array|WP_Error
	 */
	public static function offer( $body, $user_id ) {
		global $wpdb;
		self::expire_due();
		list( $data, $problem ) = Countersign_Json::decode( $body );
		if ( null !== $problem ) {
			return self::invalid( null, $problem );
		}
		$problem = self::offer_problem( $data );
		if ( null !== $problem ) {
			return self::invalid( $problem[0], $problem[1] );
		}
		if ( ! self::same_site( $data->siteRoot ) ) {
			return self::other_site();
		}
		$refused = self::may_not_offer( $data->entity );
		if ( null !== $refused ) {
			return $refused;
		}
		$limited = Countersign_Guard::spend( 'approvals_offer' );
		if ( null !== $limited ) {
			return $limited;
		}
		list( $card, $problem ) = Countersign_Approval_Card::sanitize( $data->card );
		if ( null !== $problem ) {
			return self::invalid( 'card', $problem );
		}
		$policy = Countersign_Policy::current();
		$need   = is_array( $policy ) ? Countersign_Approvals_Validator::need( $policy['approvals'], $data->tool, $data->class ?? null ) : null;
		if ( null === $need ) {
			return Countersign_Errors::make( 'countersign_approval_not_required', sprintf( /* translators: %s: a tool name. */ __( 'The site policy does not ask a second person to approve %s calls: decide it in your own browser.', 'countersign' ), $data->tool ), 409 );
		}
		$table = Countersign_Schema::approvals_table();
		$now   = Countersign_Json::now_ms();
		$held  = $wpdb->get_row( $wpdb->prepare( "SELECT requester_id, status, payload_hash, COALESCE(stamp, '') AS stamp FROM $table WHERE id = %s", $data->id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$row   = array(
			'thread_id'    => $data->threadId,
			'tool'         => $data->tool,
			'payload_hash' => $data->payloadHash,
			'stamp'        => $data->stamp,
			'capability'   => $need['capability'],
			'required_by'  => $need['by'],
			'entity_type'  => $data->entity->type ?? '',
			'entity_id'    => (int) ( $data->entity->id ?? 0 ),
			'card'         => Countersign_Json::encode( $card ),
			'status'       => 'waiting',
			'updated_at'   => $now,
		);
		if ( $held ) {
			if ( (int) $held->requester_id !== $user_id ) {
				return Countersign_Errors::make( 'countersign_approval_forged', __( 'This call belongs to another person: only its requester may offer it again.', 'countersign' ), 403 );
			}
			// The same call offered again unchanged (a restarted worker announcing its card once
			// more): the row stays as it is, so an approver's decision already taken still counts.
			if ( 'withdrawn' !== $held->status && $held->payload_hash === $data->payloadHash && $held->stamp === (string) $data->stamp ) {
				return Countersign_Approval_View::one( $data->id, $user_id );
			}
			if ( 'waiting' !== $held->status && 'approved' !== $held->status ) {
				return Countersign_Errors::make( 'countersign_approval_decided', sprintf( /* translators: %s: the call's status (such as rejected or expired). */ __( 'This call is already %s and cannot be offered again.', 'countersign' ), $held->status ), 409, array( 'current' => $held->status ) );
			}
			// G13: the requester's extension found the target changed at approval and offers the
			// refreshed card: it waits again, the earlier approval no longer counts.
			$row['decided_by'] = null;
			$row['decided_at'] = null;
			$updated           = $wpdb->update( $table, $row, array( 'id' => $data->id ) );
			$wpdb->query( $wpdb->prepare( "UPDATE $table SET offers = offers + 1 WHERE id = %s", $data->id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		} else {
			$row['id']           = $data->id;
			$row['requester_id'] = $user_id;
			$row['created_at']   = $now;
			$minutes             = (int) get_option( Countersign_Settings::APPROVAL_EXPIRY, 0 );
			$row['expires_at']   = $minutes > 0 ? $now + $minutes * 60000 : null;
			$updated             = $wpdb->insert( $table, $row );
		}
		if ( false === $updated ) {
			return Countersign_Errors::database( _x( 'storing the call for approval', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		return Countersign_Approval_View::one( $data->id, $user_id );
	}

	/**
	 * POST /approvals/{id}/withdraw: the requester takes back a call that still waits.
	 *
	 * @param string $id      Approval id.
	 * @param int    $user_id Caller.
	 * @return array|WP_Error
	 */
	public static function withdraw( $id, $user_id ) {
		return self::requester_step( $id, $user_id, 'waiting', "status = 'withdrawn'", 'withdrawn' );
	}

	/**
	 * POST /approvals/{id}/done: the requester's extension ran (or refused) the decision;
	 * it no longer appears among the requester's decisions to pick up.
	 *
	 * @param string $id      Approval id.
	 * @param int    $user_id Caller.
	 * @return array|WP_Error
	 */
	public static function done( $id, $user_id ) {
		return self::requester_step( $id, $user_id, null, 'picked_up_at = ' . Countersign_Json::now_ms(), 'done' );
	}

	/**
	 * A step only the requester may take.
	 *
	 * @param string      $id      Approval id.
	 * @param int         $user_id Caller.
	 * @param string|null $from    The status it must have, or null for any decided one.
	 * @param string      $set     SQL SET part (no user input).
	 * @param string      $what    For the messages.
	 * @return array|WP_Error
	 */
	private static function requester_step( $id, $user_id, $from, $set, $what ) {
		global $wpdb;
		self::expire_due();
		$table = Countersign_Schema::approvals_table();
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT requester_id, status FROM $table WHERE id = %s", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( ! $row ) {
			return Countersign_Approval_View::not_found( $id );
		}
		if ( (int) $row->requester_id !== $user_id ) {
			return Countersign_Errors::make( 'countersign_forbidden', __( 'Only the person who asked for this call may do that.', 'countersign' ), 403 );
		}
		$ok = null === $from ? 'waiting' !== $row->status : $from === $row->status;
		if ( ! $ok ) {
			return Countersign_Errors::make( 'countersign_approval_decided', sprintf( /* translators: 1: the call's status, 2: what the requester tried (withdrawn or done). */ __( 'This call is %1$s: it cannot be marked %2$s.', 'countersign' ), $row->status, $what ), 409, array( 'current' => $row->status ) );
		}
		$now = Countersign_Json::now_ms();
		// The status again in the WHERE: a decision or an expiry may land between the read and here.
		$status  = null === $from ? "status <> 'waiting'" : $wpdb->prepare( 'status = %s', $from );
		$changed = $wpdb->query( $wpdb->prepare( "UPDATE $table SET $set, updated_at = %d WHERE id = %s AND requester_id = %d AND $status", $now, $id, $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( false === $changed ) {
			return Countersign_Errors::database( _x( 'updating the call for approval', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		if ( 0 === $changed ) {
			$current = (string) $wpdb->get_var( $wpdb->prepare( "SELECT status FROM $table WHERE id = %s", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			/* translators: 1: the call's status, 2: what the requester tried. */
			return Countersign_Errors::make( 'countersign_approval_decided', sprintf( __( 'This call is %1$s: it cannot be marked %2$s.', 'countersign' ), $current, $what ), 409, array( 'current' => $current ) );
		}
		return Countersign_Approval_View::one( $id, $user_id );
	}

	/**
	 * G12: marks every waiting call, and every approved one its requester has not picked up,
	 * past its expiry as expired (never a rejection). Runs on every approvals request and from
	 * cron. Each expiry is the site's own outcome, so the site attests it in the chain (A7) as a
	 * decision by nobody, in the same transaction that writes it.
	 *
	 * The due calls are found by a plain read (no locks) and updated one by one by primary key,
	 * as a decision is: an UPDATE scanning the status index takes next-key locks on every
	 * waiting call, and a decision in a request beside it could deadlock with it. When the chain
	 * is busy the expiry waits for the next request or cron run: nothing expires unattested.
	 */
	public static function expire_due() {
		global $wpdb;
		$table = Countersign_Schema::approvals_table();
		$now   = Countersign_Json::now_ms();
		// An approval its requester never picked up expires too: a decision cannot wait for weeks
		// and then run on a target that has moved on (G12).
		$due = $wpdb->get_results( $wpdb->prepare( "SELECT id, payload_hash, stamp FROM $table WHERE status IN ('waiting', 'approved') AND picked_up_at IS NULL AND expires_at IS NOT NULL AND expires_at <= %d ORDER BY id LIMIT 500", $now ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( ! $due || ! Countersign_Chain::lock() ) {
			return;
		}
		try {
			if ( false === $wpdb->query( 'START TRANSACTION' ) ) {
				return;
			}
			$entries = array();
			foreach ( $due as $row ) {
				// The row's own condition again: a decision may have come between the read and here.
				$changed = $wpdb->query( $wpdb->prepare( "UPDATE $table FORCE INDEX (PRIMARY) SET status = 'expired', decided_at = %d, updated_at = %d WHERE id = %s AND status IN ('waiting', 'approved') AND picked_up_at IS NULL AND expires_at <= %d", $now, $now, $row->id, $now ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				if ( false === $changed ) {
					$wpdb->query( 'ROLLBACK' );
					return;
				}
				if ( 1 === $changed ) {
					$content   = Countersign_Json::encode(
						array(
							'approval'    => $row->id,
							'status'      => 'expired',
							'decidedBy'   => null,
							'decidedAt'   => $now,
							'payloadHash' => $row->payload_hash,
							'stamp'       => $row->stamp,
						)
					);
					$entries[] = Countersign_Chain::entry( 'site_decision', $row->id, 0, 'expired', 0, '', $now, hash( 'sha256', $content ) );
				}
			}
			if ( ! Countersign_Chain::append( $entries ) ) {
				$wpdb->query( 'ROLLBACK' );
				return;
			}
			$wpdb->query( 'COMMIT' );
		} finally {
			Countersign_Chain::unlock();
		}
	}

	/**
	 * Whether a site root names this site.
	 *
	 * @param string $root The REST root the extension knows the site by.
	 * @return bool
	 */
	public static function same_site( $root ) {
		// The extension may know the site by either form of its REST root (pretty or plain).
		$known = array( rest_url(), home_url( '/' . rest_get_url_prefix() . '/' ), home_url( '/index.php?rest_route=/' ) );
		$root  = untrailingslashit( (string) $root );
		foreach ( $known as $candidate ) {
			if ( untrailingslashit( $candidate ) === $root ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Only a person who may change the entry a call names may ask others to approve it:
	 * edit_post for a post (it must exist), manage_options for the site settings (the
	 * capability WordPress asks of /wp/v2/settings), edit_posts for a call on no entry or on
	 * one it creates (id 0).
	 *
	 * @param stdClass $entity `{ type, id }` of the offer.
	 * @return WP_Error|null
	 */
	private static function may_not_offer( $entity ) {
		$type = (string) ( $entity->type ?? '' );
		$id   = (int) ( $entity->id ?? 0 );
		if ( 'post' === $type && 0 !== $id ) {
			$ok = $id > 0 && null !== get_post( $id ) && current_user_can( 'edit_post', $id );
		} elseif ( 'settings' === $type ) {
			$ok = current_user_can( 'manage_options' );
		} else {
			$ok = current_user_can( 'edit_posts' );
		}
		if ( $ok ) {
			return null;
		}
		return Countersign_Errors::make( 'countersign_approval_not_yours', __( 'You may not change the entry this call names, so you may not ask others to approve it.', 'countersign' ), 403, array( 'field' => 'entity' ) );
	}

	/**
	 * The refusal of a request meant for another site.
	 *
	 * @return WP_Error
	 */
	public static function other_site() {
		return Countersign_Errors::make( 'countersign_approval_other_site', sprintf( /* translators: %s: this site's REST root URL. */ __( 'This request names another site; this site is %s.', 'countersign' ), rest_url() ), 409, array( 'site' => rest_url() ) );
	}

	/**
	 * The first problem of an offer's body as [field, message], or null.
	 *
	 * @param mixed $data Decoded body.
	 * @return array|null
	 */
	private static function offer_problem( $data ) {
		if ( ! $data instanceof stdClass ) {
			return array( null, __( 'the body must be an object { id, threadId, tool, payloadHash, stamp, class, siteRoot, entity, card }', 'countersign' ) );
		}
		foreach ( array( 'id', 'threadId' ) as $key ) {
			if ( ! is_string( $data->$key ?? null ) || ! preg_match( self::ID, $data->$key ) ) {
				return array( $key, sprintf( /* translators: %s: the field, id or threadId. */ __( '"%s" must be 1-100 characters of A-Z a-z 0-9 _ . : -', 'countersign' ), $key ) );
			}
		}
		if ( ! is_string( $data->tool ?? null ) || ! preg_match( Countersign_Approvals_Validator::TOOL, $data->tool ) ) {
			return array( 'tool', __( '"tool" must be a tool name (snake_case verb_noun)', 'countersign' ) );
		}
		if ( ! is_string( $data->payloadHash ?? null ) || ! preg_match( '/^[0-9a-f]{64}$/', $data->payloadHash ) ) {
			return array( 'payloadHash', __( '"payloadHash" must be the SHA-256 of the call\'s payload, 64 hex digits', 'countersign' ) );
		}
		if ( ! property_exists( $data, 'stamp' ) || ( null !== $data->stamp && ( ! is_string( $data->stamp ) || strlen( $data->stamp ) > 191 ) ) ) {
			return array( 'stamp', __( '"stamp" must be the card\'s stamp (a string of at most 191 characters) or null', 'countersign' ) );
		}
		if ( null !== ( $data->class ?? null ) && ! in_array( $data->class, Countersign_Approvals_Validator::CLASSES, true ) ) {
			return array( 'class', __( '"class" must be live-write, destructive or null', 'countersign' ) );
		}
		if ( ! is_string( $data->siteRoot ?? null ) ) {
			return array( 'siteRoot', __( '"siteRoot" must be the REST root of the site the call acts on', 'countersign' ) );
		}
		$entity = $data->entity ?? null;
		if ( ! $entity instanceof stdClass || ! in_array( $entity->type ?? null, array( 'post', 'settings', '' ), true ) || ! is_int( $entity->id ?? 0 ) ) {
			return array( 'entity', __( '"entity" must be { "type": "post"|"settings"|"", "id": <number> }', 'countersign' ) );
		}
		return null;
	}

	/**
	 * A refused offer.
	 *
	 * @param string|null $field   Field.
	 * @param string      $message Sentence part.
	 * @return WP_Error
	 */
	private static function invalid( $field, $message ) {
		/* translators: %s: what is wrong with the offer. */
		return Countersign_Errors::make( 'countersign_invalid_approval', sprintf( __( 'The call was not offered for approval: %s.', 'countersign' ), $message ), 400, array( 'field' => $field ) );
	}
}
