<?php
/**
 * The `args` of every countersign/v1 route (issue 33 item 7): types, enums, bounds and
 * patterns WordPress checks before a callback runs, refusing bad input with its standard
 * 400 `rest_invalid_param` (or `rest_missing_callback_param`) that names the parameter in
 * `data.params`. The callbacks keep only what JSON Schema cannot say (unknown keys, a cursor
 * this server gave out, whether a site root is this site, ...).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Argument declarations per route.
 */
class Countersign_Route_Args {

	/** An id (record id, approval id, thread id): the extension's id alphabet. */
	const ID = '^[A-Za-z0-9_.:-]{1,100}$';

	/** A SHA-256 in hex. */
	const HASH = '^[0-9a-f]{64}$';

	/**
	 * A parameter.
	 *
	 * @param string $description For the REST index.
	 * @param array  $schema      JSON Schema of the value.
	 * @return array
	 */
	private static function arg( $description, $schema ) {
		return array_merge( array( 'description' => $description ), $schema );
	}

	/**
	 * GET /records and GET /records/export filters.
	 *
	 * @param bool $paged With per_page and cursor.
	 * @return array
	 */
	public static function records( $paged ) {
		$statuses = implode( '|', Countersign_Record_Validator::STATUSES );
		$text     = array(
			'type'      => 'string',
			'minLength' => 1,
			'maxLength' => 191,
		);
		$args     = array(
			'thread'     => self::arg( __( 'Only records of this thread.', 'countersign' ), $text ),
			'tool'       => self::arg( __( 'Only records of this tool.', 'countersign' ), $text ),
			'decided_by' => self::arg( __( 'Only records decided by this user id or rule.', 'countersign' ), $text ),
			'status'     => self::arg(
				__( 'Only records in these statuses, separated by commas.', 'countersign' ),
				array(
					'type'    => 'string',
					'pattern' => "^($statuses)(,($statuses))*$",
				)
			),
			'user'       => self::arg(
				__( 'Only records of this user id.', 'countersign' ),
				array(
					'type'    => 'integer',
					'minimum' => 1,
				)
			),
			'from'       => self::arg(
				__( 'Records created at or after, epoch ms.', 'countersign' ),
				array(
					'type'    => 'integer',
					'minimum' => 0,
				)
			),
			'to'         => self::arg(
				__( 'Records created at or before, epoch ms.', 'countersign' ),
				array(
					'type'    => 'integer',
					'minimum' => 0,
				)
			),
		);
		if ( $paged ) {
			$args['per_page'] = self::arg(
				__( 'Records per page.', 'countersign' ),
				array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => Countersign_Record_Query::MAX_PAGE_SIZE,
				)
			);
			$args['cursor']   = self::arg(
				__( 'nextCursor of the previous page.', 'countersign' ),
				array(
					'type'      => 'string',
					'maxLength' => 400,
				)
			);
		} else {
			$args['format'] = self::arg(
				__( 'The file format.', 'countersign' ),
				array(
					'type'    => 'string',
					'enum'    => array( 'jsonl', 'csv' ),
					'default' => 'jsonl',
				)
			);
		}
		return $args;
	}

	/**
	 * POST /records/batch: the shape only; each record is checked by the record validator,
	 * which names the record and its field.
	 *
	 * @return array
	 */
	public static function batch() {
		return array(
			'records' => self::arg(
				__( 'The records, 1 to 500.', 'countersign' ),
				array(
					'type'  => 'array',
					'items' => array( 'type' => 'object' ),
				)
			),
		);
	}

	/**
	 * PUT /policy.
	 *
	 * @return array
	 */
	public static function policy_put() {
		return array(
			'replaces'  => self::arg(
				__( 'The version of the policy the writer read.', 'countersign' ),
				// Not `required`: WordPress checks required parameters before the permission
				// callback, and a signed-out caller must hear 401, not which fields are missing.
				// The policy writer refuses a body without it, naming "replaces".
				array(
					'type'    => 'integer',
					'minimum' => 0,
				)
			),
			'policy'    => self::arg(
				__( 'The gate policy: tool name => rule.', 'countersign' ),
				array( 'type' => 'object' )
			),
			'approvals' => self::arg( __( 'Calls that need a second approver.', 'countersign' ), array( 'type' => 'object' ) ),
		);
	}

	/**
	 * PUT /settings.
	 *
	 * @return array
	 */
	public static function settings_put() {
		return array(
			'retentionDays'         => self::arg(
				__( 'Days to keep records, or null to keep them for ever.', 'countersign' ),
				array(
					'type'    => array( 'integer', 'null' ),
					'minimum' => 1,
					'maximum' => 3650,
				)
			),
			'removeDataOnUninstall' => self::arg( __( 'Whether uninstalling removes the records and the site policy.', 'countersign' ), array( 'type' => 'boolean' ) ),
			'approvalExpiryMinutes' => self::arg(
				__( 'Minutes a call waits for a second approver, or null for never.', 'countersign' ),
				array(
					'type'    => array( 'integer', 'null' ),
					'minimum' => 1,
					'maximum' => 525600,
				)
			),
			'siteModelEnabled'      => self::arg( __( 'Whether people who may edit posts may use the site\'s AI connection (its Anthropic key).', 'countersign' ), array( 'type' => 'boolean' ) ),
			'siteModelDailyLimit'   => self::arg(
				__( 'Requests a person may send through the site\'s AI connection each day.', 'countersign' ),
				array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => Countersign_Site_Model::MAX_LIMIT,
				)
			),
		);
	}

	/**
	 * GET /approvals.
	 *
	 * @return array
	 */
	public static function approvals_list() {
		return array(
			'scope' => self::arg(
				__( 'waiting: calls the caller may decide; mine: the caller\'s own offers.', 'countersign' ),
				array(
					'type'    => 'string',
					'enum'    => array( 'waiting', 'mine' ),
					'default' => 'waiting',
				)
			),
		);
	}

	/**
	 * POST /approvals.
	 *
	 * @return array
	 */
	public static function offer() {
		$id = array(
			'type'     => 'string',
			'pattern'  => self::ID,
			'required' => true,
		);
		return array(
			'id'          => self::arg( __( 'The call\'s record id.', 'countersign' ), $id ),
			'threadId'    => self::arg( __( 'The thread of the call.', 'countersign' ), $id ),
			'tool'        => self::arg(
				__( 'The tool name.', 'countersign' ),
				array(
					'type'     => 'string',
					'pattern'  => '^[a-z][a-z0-9]*(_[a-z0-9-]+)+$',
					'required' => true,
				)
			),
			'payloadHash' => self::arg(
				__( 'SHA-256 of the call\'s payload.', 'countersign' ),
				array(
					'type'     => 'string',
					'pattern'  => self::HASH,
					'required' => true,
				)
			),
			'stamp'       => self::arg(
				__( 'The card\'s stamp of its target, or null.', 'countersign' ),
				array(
					'type'      => array( 'string', 'null' ),
					'maxLength' => 191,
				)
			),
			'class'       => self::arg(
				__( 'G2\'s class of the call, or null.', 'countersign' ),
				array(
					'type' => array( 'string', 'null' ),
					'enum' => array( 'live-write', 'destructive', null ),
				)
			),
			'siteRoot'    => self::arg(
				__( 'The REST root of the site the call acts on.', 'countersign' ),
				array(
					'type'      => 'string',
					'maxLength' => 2000,
					'required'  => true,
				)
			),
			'entity'      => self::arg(
				__( 'The entry the call acts on.', 'countersign' ),
				array(
					'type'                 => 'object',
					'required'             => true,
					'properties'           => array(
						'type' => array(
							'type'     => 'string',
							'enum'     => array( 'post', 'settings', '' ),
							'required' => true,
						),
						'id'   => array(
							'type'     => 'integer',
							'minimum'  => 0,
							'required' => true,
						),
					),
					'additionalProperties' => false,
				)
			),
			'card'        => self::arg(
				__( 'The approval card the requester saw.', 'countersign' ),
				array(
					'type'     => 'object',
					'required' => true,
				)
			),
		);
	}

	/**
	 * POST /approvals/{id}/decision.
	 *
	 * @return array
	 */
	public static function decision() {
		return array(
			'approve'     => self::arg(
				__( 'true to approve, false to reject.', 'countersign' ),
				array(
					'type'     => 'boolean',
					'required' => true,
				)
			),
			'payloadHash' => self::arg(
				__( 'The payload hash the approver saw.', 'countersign' ),
				array(
					'type'     => 'string',
					'pattern'  => self::HASH,
					'required' => true,
				)
			),
			'stamp'       => self::arg(
				__( 'The stamp of the card the approver saw.', 'countersign' ),
				array(
					'type'      => array( 'string', 'null' ),
					'maxLength' => 191,
				)
			),
			'siteRoot'    => self::arg(
				__( 'The REST root the approver knows the site by.', 'countersign' ),
				array(
					'type'      => 'string',
					'maxLength' => 2000,
					'required'  => true,
				)
			),
			'note'        => self::arg(
				__( 'Why the call was rejected.', 'countersign' ),
				array(
					'type'      => array( 'string', 'null' ),
					'maxLength' => Countersign_Approval_Decision::MAX_NOTE,
				)
			),
			'approver'    => self::arg( __( 'The approver\'s user id (must be the caller).', 'countersign' ), array( 'type' => array( 'string', 'integer' ) ) ),
		);
	}

	/**
	 * `rest_request_after_callbacks`: WordPress's own refusal of a parameter of a
	 * countersign/v1 route also carries `data.field`, as every refusal of this plugin does
	 * (docs/server-api.md), so a client reads one place for what was wrong.
	 *
	 * @param mixed           $response The answer so far.
	 * @param array           $handler  The route handler.
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public static function name_field( $response, $handler, $request ) {
		unset( $handler );
		if ( ! is_wp_error( $response ) || ! $request instanceof WP_REST_Request || 0 !== strpos( $request->get_route(), '/' . Countersign_Rest::NS . '/' ) ) {
			return $response;
		}
		$code = $response->get_error_code();
		if ( 'rest_invalid_param' !== $code && 'rest_missing_callback_param' !== $code ) {
			return $response;
		}
		$data   = (array) $response->get_error_data( $code );
		$params = (array) ( $data['params'] ?? array() );
		$first  = array_is_list( $params ) ? ( $params[0] ?? null ) : array_key_first( $params );
		if ( is_string( $first ) && ! isset( $data['field'] ) ) {
			$data['field'] = $first;
			$response->add_data( $data, $code );
		}
		return $response;
	}

	/**
	 * The {id} of an approvals route.
	 *
	 * @return array
	 */
	public static function approval_id() {
		return array(
			'id' => self::arg(
				__( 'The call\'s id.', 'countersign' ),
				array(
					'type'    => 'string',
					'pattern' => self::ID,
				)
			),
		);
	}
}
