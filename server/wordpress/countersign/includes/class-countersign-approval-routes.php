<?php
/**
 * G15: the approvals routes of countersign/v1 (docs/server-api.md, "Second approvers").
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers /approvals, /approvals/{id}, /approvals/{id}/decision|withdraw|done. Every route
 * needs a user with a role on this site; who may do what is checked per call (requester,
 * capability, edit rights on the entry offered).
 */
class Countersign_Approval_Routes {

	/** An approval id in a route. */
	const ID = '(?P<id>[A-Za-z0-9_.:-]{1,100})';

	/**
	 * Registers the routes (rest_api_init).
	 */
	public static function register_routes() {
		$routes = array(
			'/approvals'                         => array(
				array( 'GET', fn( $r ) => Countersign_Approval_View::list( (string) ( $r->get_param( 'scope' ) ?? 'waiting' ), get_current_user_id() ), Countersign_Route_Args::approvals_list() ),
				array( 'POST', fn( $r ) => Countersign_Approvals::offer( $r->get_body(), get_current_user_id() ), Countersign_Route_Args::offer() ),
			),
			'/approvals/' . self::ID             => array(
				array( 'GET', fn( $r ) => Countersign_Approval_View::read( (string) $r['id'], get_current_user_id() ), Countersign_Route_Args::approval_id() ),
			),
			'/approvals/' . self::ID . '/decision' => array(
				array( 'POST', fn( $r ) => Countersign_Approval_Decision::decide( (string) $r['id'], $r->get_body(), get_current_user_id() ), array_merge( Countersign_Route_Args::approval_id(), Countersign_Route_Args::decision() ) ),
			),
			'/approvals/' . self::ID . '/withdraw' => array(
				array( 'POST', fn( $r ) => Countersign_Approvals::withdraw( (string) $r['id'], get_current_user_id() ), Countersign_Route_Args::approval_id() ),
			),
			'/approvals/' . self::ID . '/done'   => array(
				array( 'POST', fn( $r ) => Countersign_Approvals::done( (string) $r['id'], get_current_user_id() ), Countersign_Route_Args::approval_id() ),
			),
		);
		foreach ( $routes as $path => $handlers ) {
			$args = array();
			foreach ( $handlers as list( $method, $callback, $params ) ) {
				$args[] = array(
					'methods'             => $method,
					'callback'            => Countersign_Rest::guarded( $callback ),
					'permission_callback' => array( 'Countersign_Guard', 'member' ),
					'args'                => $params,
				);
			}
			register_rest_route( Countersign_Rest::NS, $path, $args );
		}
	}

	/**
	 * Schedules the hourly expiry job (activation, and on load when missing).
	 */
	public static function schedule() {
		if ( ! wp_next_scheduled( Countersign_Approvals::HOOK ) ) {
			wp_schedule_event( time() + 300, 'hourly', Countersign_Approvals::HOOK );
		}
	}

	/**
	 * Removes the expiry job (deactivation, uninstall).
	 */
	public static function unschedule() {
		wp_clear_scheduled_hook( Countersign_Approvals::HOOK );
	}
}
