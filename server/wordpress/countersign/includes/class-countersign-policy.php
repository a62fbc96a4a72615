<?php
/**
 * G11: the site's gate policy, versioned; every change is an audit record.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes the policy versions table.
 */
class Countersign_Policy {

	/** The tool name of the audit record a policy change leaves. */
	const TOOL = 'update_site_policy';

	/** The thread id of those records. */
	const THREAD = 'site-policy';

	/**
	 * The current policy, as GET /policy answers.
	 *
	 * @return array|WP_Error|WP_REST_Response
	 */
	public static function current() {
		global $wpdb;
		$table = Countersign_Schema::policy_table();
		$row   = $wpdb->get_row( "SELECT version, policy, approvals, user_id, created_at FROM $table ORDER BY version DESC LIMIT 1" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( '' !== $wpdb->last_error ) {
			return Countersign_Errors::database( _x( 'reading the site policy', 'what the plugin was doing when the database refused', 'countersign' ) );
		}
		return self::shape( $row );
	}

	/**
	 * Writes a new version. The body is `{ replaces, policy, approvals? }`; without
	 * `approvals` the current version's approvals are kept (G15).
	 *
	 * @param string $body    Raw body.
	 * @param int    $user_id The writer.
	 * @return array|WP_Error|WP_REST_Response
	 */
	public static function write( $body, $user_id ) {
		global $wpdb;
		list( $data, $problem ) = Countersign_Json::decode( $body );
		if ( null !== $problem ) {
			return self::invalid( null, sprintf( /* translators: %s: what is wrong with the body. */ __( 'The site policy was not saved: %s.', 'countersign' ), $problem ) );
		}
		if ( ! $data instanceof stdClass || ! is_int( $data->replaces ?? null ) || $data->replaces < 0 ) {
			return self::invalid( 'replaces', __( 'The site policy was not saved: the body must be {"replaces": <the version you read>, "policy": {...}}.', 'countersign' ) );
		}
		if ( ! property_exists( $data, 'policy' ) ) {
			return self::invalid( 'policy', __( 'The site policy was not saved: "policy" is missing.', 'countersign' ) );
		}
		$problem = Countersign_Policy_Validator::problem( $data->policy );
		if ( null !== $problem ) {
			return self::invalid( $problem['field'], sprintf( /* translators: %s: what is wrong with the policy. */ __( 'The site policy was not saved: %s.', 'countersign' ), $problem['message'] ) );
		}
		$sent = property_exists( $data, 'approvals' );
		if ( $sent ) {
			$problem = Countersign_Approvals_Validator::problem( $data->approvals );
			if ( null !== $problem ) {
				return self::invalid( $problem['field'], sprintf( /* translators: %s: what is wrong with the policy. */ __( 'The site policy was not saved: %s.', 'countersign' ), $problem['message'] ) );
			}
		}
		$table = Countersign_Schema::policy_table();
		if ( ! Countersign_Chain::lock() ) {
			return Countersign_Chain::busy();
		}
		$suppress = $wpdb->suppress_errors( true );
		try {
			if ( false === $wpdb->query( 'START TRANSACTION' ) ) {
				return Countersign_Errors::database( _x( 'saving the site policy', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			$old = $wpdb->get_row( "SELECT version, policy, approvals FROM $table ORDER BY version DESC LIMIT 1 FOR UPDATE" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			if ( '' !== $wpdb->last_error ) {
				return Countersign_Errors::rollback( _x( 'reading the site policy', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			$current = $old ? (int) $old->version : 0;
			if ( $data->replaces !== $current ) {
				$wpdb->query( 'ROLLBACK' );
				return Countersign_Errors::make( 'countersign_policy_stale', sprintf( /* translators: 1: the current version of the policy, 2: the version the writer read. */ __( 'The site policy was not saved: it is at version %1$d now, not %2$d (someone saved it since you read it). Read it again and reapply your change.', 'countersign' ), $current, $data->replaces ), 409, array( 'current' => $current ) );
			}
			$version   = $current + 1;
			$now       = Countersign_Json::now_ms();
			$record_id = Countersign_Json::uuid7();
			$text      = Countersign_Json::encode( $data->policy );
			$before    = Countersign_Approvals_Validator::of_row( $old );
			$approvals = $sent ? $data->approvals : $before;
			$kept      = Countersign_Json::encode( $approvals );
			$inserted  = $wpdb->query( $wpdb->prepare( "INSERT INTO $table (version, policy, approvals, user_id, created_at, record_id) VALUES (%d, %s, %s, %d, %d, %s)", $version, $text, $kept, $user_id, $now, $record_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			if ( false === $inserted ) {
				// A concurrent writer took this version first (duplicate primary key).
				if ( 1062 === Countersign_Errors::errno() ) {
					$wpdb->query( 'ROLLBACK' );
					return Countersign_Errors::make( 'countersign_policy_stale', __( 'The site policy was not saved: someone else saved it at the same moment. Read it again and reapply your change.', 'countersign' ), 409, array( 'current' => $version ) );
				}
				return Countersign_Errors::rollback( _x( 'saving the site policy', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			$previous = $old ? json_decode( $old->policy ) : new stdClass();
			$changes = array( $previous, $sent && Countersign_Json::encode( $before ) !== $kept ? $before : null );
			if ( false === self::record( $record_id, $user_id, $now, $data, $changes, $version ) ) {
				return Countersign_Errors::rollback( _x( 'recording the policy change', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			// A7: the site wrote this record itself, so the site attests all of it.
			$entries = Countersign_Chain::entries_for( array( $record_id ), 'site_record', $user_id, $now );
			if ( null === $entries || ! Countersign_Chain::append( $entries ) ) {
				return Countersign_Errors::rollback( _x( 'chaining the policy change', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
			if ( false === $wpdb->query( 'COMMIT' ) ) {
				return Countersign_Errors::rollback( _x( 'saving the site policy', 'what the plugin was doing when the database refused', 'countersign' ) );
			}
		} finally {
			$wpdb->suppress_errors( $suppress );
			Countersign_Chain::unlock();
		}
		$answer = self::current();
		if ( is_array( $answer ) ) {
			$answer['recordId'] = $record_id;
		}
		return $answer;
	}

	/**
	 * The audit record of a change, written in the caller's transaction.
	 *
	 * @param string   $id       Record id.
	 * @param int      $user_id  Writer.
	 * @param int      $now      Epoch ms.
	 * @param stdClass $data     The request ({ replaces, policy, approvals? }).
	 * @param array    $changes  The policy it replaces, and the approvals it replaces (null: unchanged).
	 * @param int      $version  The new version.
	 * @return int|bool
	 */
	private static function record( $id, $user_id, $now, $data, $changes, $version ) {
		global $wpdb;
		list( $previous, $approvals_before ) = $changes;
		$by    = (string) $user_id;
		$input = (object) array(
			'replaces' => $data->replaces,
			'policy'   => $data->policy,
		);
		$config = array(
			(object) array(
				'key'      => 'site_policy',
				'current'  => $previous,
				'proposed' => $data->policy,
			),
		);
		if ( property_exists( $data, 'approvals' ) ) {
			$input->approvals = $data->approvals;
		}
		if ( null !== $approvals_before ) {
			$config[] = (object) array(
				'key'      => 'site_approvals',
				'current'  => $approvals_before,
				'proposed' => $data->approvals,
			);
		}
		$record = (object) array(
			'id'             => $id,
			'threadId'       => self::THREAD,
			'tool'           => self::TOOL,
			'input'          => $input,
			'payloadHash'    => hash( 'sha256', Countersign_Json::encode( $input ) ),
			'status'         => 'run',
			'mode'           => 'command',
			'classification' => (object) array(
				'kind'        => 'write',
				'destructive' => false,
			),
			'transport'      => 'command',
			'position'       => 0,
			'decidedBy'      => $by,
			'decidedAt'      => $now,
			'resultSummary'  => "Site policy version $version",
			'configChanges'  => $config,
			'createdAt'      => $now,
			'updatedAt'      => $now,
			'version'        => 1,
			'history'        => array(
				(object) array(
					'status' => 'run',
					'at'     => $now,
					'by'     => $by,
				),
			),
		);
		return $wpdb->insert(
			Countersign_Schema::records_table(),
			array(
				'id'          => $id,
				'user_id'     => $user_id,
				'thread_id'   => self::THREAD,
				'tool'        => self::TOOL,
				'status'      => 'run',
				'statuses'    => 'run',
				'decided_by'  => $by,
				'created_at'  => $now,
				'updated_at'  => $now,
				'version'     => 1,
				'received_at' => $now,
				'site_origin' => Countersign_Record_Query::origin(),
				'site_root'   => rest_url(),
				'body'        => Countersign_Json::encode( $record ),
				'sender_login'      => Countersign_Chain::login( $user_id ),
				'first_received_at' => $now,
			),
			array( '%s', '%d', '%s', '%s', '%s', '%s', '%s', '%d', '%d', '%d', '%d', '%s', '%s', '%s', '%s', '%d' )
		);
	}

	/**
	 * A version row as the API shows it.
	 *
	 * @param object|null $row Row.
	 * @return array
	 */
	private static function shape( $row ) {
		$can_edit = current_user_can( 'countersign_manage_policy' );
		if ( ! $row ) {
			return array(
				'version'   => 0,
				'policy'    => new stdClass(),
				'approvals' => new stdClass(),
				'updatedAt' => null,
				'updatedBy' => null,
				'canEdit'   => $can_edit,
			);
		}
		$user = get_userdata( (int) $row->user_id );
		return array(
			'version'   => (int) $row->version,
			'policy'    => json_decode( $row->policy ),
			'approvals' => Countersign_Approvals_Validator::of_row( $row ),
			'updatedAt' => (int) $row->created_at,
			'updatedBy' => array(
				'userId'      => (string) $row->user_id,
				'displayName' => $user ? $user->display_name : '',
			),
			'canEdit'   => $can_edit,
		);
	}

	/**
	 * A refused policy.
	 *
	 * @param string|null $field   Dotted path.
	 * @param string      $message Sentence.
	 * @return WP_Error
	 */
	private static function invalid( $field, $message ) {
		return Countersign_Errors::make( 'countersign_policy_invalid', $message, 400, array( 'field' => $field ) );
	}
}
