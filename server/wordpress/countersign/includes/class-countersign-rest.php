<?php
/**
 * The REST routes of countersign/v1 (docs/server-api.md), each with its permission_callback.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the routes and answers them.
 */
class Countersign_Rest {

	/** The namespace. */
	const NS = 'countersign/v1';

	/** This contract's version; it changes only with an incompatible change. */
	const API_VERSION = 1;

	/**
	 * Registers every route (rest_api_init).
	 */
	public static function register_routes() {
		$routes = array(
			'/status'         => array( array( 'GET', 'status', 'logged_in', array() ) ),
			'/records/batch'  => array( array( 'POST', 'batch', array( 'Countersign_Guard', 'member' ), Countersign_Route_Args::batch() ) ),
			'/records'        => array( array( 'GET', 'records', 'logged_in', Countersign_Route_Args::records( true ) ) ),
			'/records/export' => array( array( 'GET', 'export', 'logged_in', Countersign_Route_Args::records( false ) ) ),
			'/records/chain'  => array( array( 'GET', 'chain', 'logged_in', array() ) ),
			'/policy'         => array(
				array( 'GET', 'policy_get', 'can_read_policy', array() ),
				array( 'PUT', 'policy_put', 'can_manage_policy', Countersign_Route_Args::policy_put() ),
			),
			'/settings'       => array(
				array( 'GET', 'settings_get', 'can_manage_settings', array() ),
				array( 'PUT', 'settings_put', 'can_manage_settings', Countersign_Route_Args::settings_put() ),
			),
		);
		foreach ( $routes as $path => $handlers ) {
			$args = array();
			foreach ( $handlers as list( $method, $callback, $permission, $params ) ) {
				$args[] = array(
					'methods'             => $method,
					'callback'            => self::guarded( $callback ),
					'permission_callback' => is_array( $permission ) ? $permission : array( __CLASS__, $permission ),
					'args'                => $params,
				);
			}
			register_rest_route( self::NS, $path, $args );
		}
	}

	/**
	 * A handler that first checks the tables are usable (schema state).
	 *
	 * @param string|callable $method Method of this class, or a callable.
	 * @return callable
	 */
	public static function guarded( $method ) {
		return function ( $request ) use ( $method ) {
			if ( 'upgrading' === Countersign_Schema::$state ) {
				return Countersign_Errors::retry_later( 'countersign_schema_upgrading', __( 'The Countersign tables are being upgraded; try again in a few seconds.', 'countersign' ), 503, 5 );
			}
			if ( 'newer' === Countersign_Schema::$state ) {
				return Countersign_Errors::make( 'countersign_schema_newer', sprintf( /* translators: 1: the installed schema version, 2: the newest version this plugin knows. */ __( 'The Countersign tables are of schema version %1$d, newer than this plugin knows (%2$d): update the Countersign plugin.', 'countersign' ), Countersign_Schema::installed_version(), Countersign_Schema::SCHEMA_VERSION ), 500 );
			}
			return call_user_func( is_string( $method ) ? array( __CLASS__, $method ) : $method, $request );
		};
	}

	/**
	 * Permission: any logged-in user.
	 *
	 * @return true|WP_Error
	 */
	public static function logged_in() {
		if ( ! is_user_logged_in() ) {
			return Countersign_Errors::make( 'countersign_not_logged_in', __( 'Sign in to WordPress first (the request carried no valid login cookie and nonce).', 'countersign' ), 401 );
		}
		return true;
	}

	/**
	 * Permission: edit_posts.
	 *
	 * @return true|WP_Error
	 */
	public static function can_read_policy() {
		return self::needs( 'edit_posts', __( 'Reading the site policy needs the edit_posts capability.', 'countersign' ) );
	}

	/**
	 * Permission: countersign_manage_policy.
	 *
	 * @return true|WP_Error
	 */
	public static function can_manage_policy() {
		return self::needs( 'countersign_manage_policy', __( 'Changing the site policy needs the countersign_manage_policy capability (administrators have it).', 'countersign' ) );
	}

	/**
	 * Permission: manage_options.
	 *
	 * @return true|WP_Error
	 */
	public static function can_manage_settings() {
		return self::needs( 'manage_options', __( 'The Countersign settings need the manage_options capability.', 'countersign' ) );
	}

	/**
	 * Logged in and holding a capability.
	 *
	 * @param string $capability Capability.
	 * @param string $message    Refusal.
	 * @return true|WP_Error
	 */
	private static function needs( $capability, $message ) {
		$in = self::logged_in();
		if ( true !== $in ) {
			return $in;
		}
		if ( ! current_user_can( $capability ) ) {
			return Countersign_Errors::make( 'countersign_forbidden', $message, 403, array( 'capability' => $capability ) );
		}
		return true;
	}

	/**
	 * GET /status.
	 *
	 * @return array
	 */
	public static function status() {
		return array(
			'plugin'        => 'countersign',
			'pluginVersion' => COUNTERSIGN_VERSION,
			'apiVersion'    => self::API_VERSION,
			'schemaVersion' => Countersign_Schema::installed_version(),
			'userId'        => (string) get_current_user_id(),
			'displayName'   => wp_get_current_user()->display_name,
			'capabilities'  => array(
				'writeRecords'   => true,
				'readAllRecords' => current_user_can( 'countersign_read_audit' ),
				'readPolicy'     => current_user_can( 'edit_posts' ),
				'managePolicy'   => current_user_can( 'countersign_manage_policy' ),
				'manageSettings' => current_user_can( 'manage_options' ),
			),
			'limits'        => array(
				'maxBatchRecords' => Countersign_Record_Store::MAX_BATCH_RECORDS,
				'maxRecordBytes'  => Countersign_Record_Store::MAX_RECORD_BYTES,
				'maxBodyBytes'    => Countersign_Record_Store::MAX_BODY_BYTES,
				'maxPageSize'     => Countersign_Record_Query::MAX_PAGE_SIZE,
			),
			'retentionDays' => Countersign_Settings::retention_days(),
		);
	}

	/**
	 * POST /records/batch.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function batch( $request ) {
		$limited = Countersign_Guard::spend( 'records_batch' );
		if ( null !== $limited ) {
			return $limited;
		}
		return Countersign_Record_Store::write_batch( $request->get_body(), get_current_user_id() );
	}

	/**
	 * GET /records.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function records( $request ) {
		$started = microtime( true );
		$filter  = Countersign_Record_Query::filter_from( $request, true );
		if ( is_wp_error( $filter ) ) {
			return $filter;
		}
		$page = Countersign_Record_Query::page( $filter );
		if ( ! is_array( $page ) ) {
			return $page;
		}
		$response = new WP_REST_Response( $page );
		$response->header( 'Server-Timing', self::server_timing( $started ) );
		return $response;
	}

	/**
	 * A Server-Timing header: `countersign` is the route's own work (query and shaping), `wp`
	 * the whole request since WordPress began loading.
	 *
	 * @param float $started When the route began (microtime).
	 * @return string
	 */
	public static function server_timing( $started ) {
		global $timestart;
		$now   = microtime( true );
		$parts = array( sprintf( 'countersign;dur=%.2f;desc="query and shaping"', ( $now - $started ) * 1000 ) );
		if ( is_float( $timestart ) ) {
			$parts[] = sprintf( 'wp;dur=%.2f;desc="whole request"', ( $now - $timestart ) * 1000 );
		}
		return implode( ', ', $parts );
	}

	/**
	 * GET /records/export.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function export( $request ) {
		// The route's `args` allow jsonl and csv only (Countersign_Route_Args::records()).
		$format = 'csv' === $request->get_param( 'format' ) ? 'csv' : 'jsonl';
		$filter = Countersign_Record_Query::filter_from( $request, false );
		return is_wp_error( $filter ) ? $filter : Countersign_Export::response( $request, $filter, $format );
	}

	/**
	 * GET /records/chain: A7, the site's audit chain verified now, and where it breaks. A
	 * person without countersign_read_audit sees positions, and only their own record ids.
	 *
	 * @return mixed
	 */
	public static function chain() {
		$report = Countersign_Chain_Verify::run( current_user_can( 'countersign_read_audit' ) ? null : get_current_user_id() );
		return null === $report ? Countersign_Errors::database( _x( 'verifying the audit chain', 'what the plugin was doing when the database refused', 'countersign' ) ) : $report;
	}

	/**
	 * GET /policy.
	 *
	 * @return mixed
	 */
	public static function policy_get() {
		return Countersign_Policy::current();
	}

	/**
	 * PUT /policy.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function policy_put( $request ) {
		return Countersign_Policy::write( $request->get_body(), get_current_user_id() );
	}

	/**
	 * GET /settings.
	 *
	 * @return array
	 */
	public static function settings_get() {
		return Countersign_Settings::get();
	}

	/**
	 * PUT /settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function settings_put( $request ) {
		return Countersign_Settings::put( $request->get_json_params() );
	}
}
