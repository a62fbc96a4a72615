<?php
/**
 * Issue 34 item 4: the site's AI connection. WordPress 7.0+ keeps one Anthropic key for the
 * whole site (Settings > Connectors); when the admin allows it, people who may edit posts use
 * that key through this site instead of their own, within a daily limit. The key never leaves
 * the site: the extension talks to /countersign/v1/model/v1/messages, and only this server
 * talks to Anthropic (Countersign_Site_Model_Proxy).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether the connection is available to the caller, and its routes.
 */
class Countersign_Site_Model {

	/** Whether the admin lets people use the site's key (their explicit choice: default off). */
	const ENABLED = 'countersign_site_model_enabled';

	/** Requests per user per site day. */
	const DAILY_LIMIT = 'countersign_site_model_daily_limit';

	/** The daily limit when the admin set none. */
	const DEFAULT_LIMIT = 100;

	/** The bounds of the daily limit. */
	const MAX_LIMIT = 10000;

	/** The connector of WordPress's Connectors API whose key is used. */
	const CONNECTOR = 'anthropic';

	/**
	 * Registers the routes (rest_api_init).
	 */
	public static function register_routes() {
		register_rest_route(
			Countersign_Rest::NS,
			'/model',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'describe' ),
				'permission_callback' => 'is_user_logged_in',
				'args'                => array(),
			)
		);
		register_rest_route(
			Countersign_Rest::NS,
			'/model/usage',
			array(
				'methods'             => 'GET',
				'callback'            => array( 'Countersign_Site_Model_Usage', 'report' ),
				'permission_callback' => array( 'Countersign_Rest', 'can_manage_settings' ),
				'args'                => array(),
			)
		);
		register_rest_route(
			Countersign_Rest::NS,
			'/model/v1/messages',
			array(
				'methods'             => 'POST',
				'callback'            => array( 'Countersign_Site_Model_Proxy', 'messages' ),
				'permission_callback' => 'is_user_logged_in',
				// No `args`: the body is the Messages API's, and the SDK reads refusals in
				// Anthropic's error shape, so the callback checks it and answers in that shape.
				'args'                => array(),
			)
		);
	}

	/**
	 * Whether the admin has allowed the connection.
	 *
	 * @return bool
	 */
	public static function enabled() {
		return (bool) get_option( self::ENABLED, false );
	}

	/**
	 * The daily limit per user.
	 *
	 * @return int
	 */
	public static function daily_limit() {
		$limit = (int) get_option( self::DAILY_LIMIT, self::DEFAULT_LIMIT );
		return $limit >= 1 ? min( $limit, self::MAX_LIMIT ) : self::DEFAULT_LIMIT;
	}

	/**
	 * The site's key and where it comes from, read as WordPress's Connectors read it:
	 * environment variable, then PHP constant, then the option. Null without Connectors.
	 *
	 * @return array|null array( 'source' => 'env'|'constant'|'database'|null, 'key' => string|null ).
	 */
	public static function key() {
		if ( ! function_exists( 'wp_get_connector' ) ) {
			return null;
		}
		$connector = wp_get_connector( self::CONNECTOR );
		$auth      = is_array( $connector ) ? (array) ( $connector['authentication'] ?? array() ) : array();
		$none      = array(
			'source' => null,
			'key'    => null,
		);
		if ( 'api_key' !== ( $auth['method'] ?? '' ) ) {
			return $none;
		}
		$env = (string) ( $auth['env_var_name'] ?? '' );
		if ( '' !== $env ) {
			$value = getenv( $env );
			if ( is_string( $value ) && '' !== $value ) {
				return array(
					'source' => 'env',
					'key'    => $value,
				);
			}
		}
		$constant = (string) ( $auth['constant_name'] ?? '' );
		if ( '' !== $constant && defined( $constant ) ) {
			$value = constant( $constant );
			if ( is_string( $value ) && '' !== $value ) {
				return array(
					'source' => 'constant',
					'key'    => $value,
				);
			}
		}
		$setting = (string) ( $auth['setting_name'] ?? '' );
		$value   = '' !== $setting ? get_option( $setting, '' ) : '';
		if ( is_string( $value ) && '' !== $value ) {
			return array(
				'source' => 'database',
				'key'    => $value,
			);
		}
		return $none;
	}

	/**
	 * The upstream base URL (no trailing slash), or null when it is one this site refuses:
	 * https only, except http to the loopback (the test stacks' scripted model).
	 *
	 * @return string|null
	 */
	public static function upstream() {
		$url = apply_filters( 'countersign_site_model_upstream', defined( 'COUNTERSIGN_SITE_MODEL_UPSTREAM' ) ? COUNTERSIGN_SITE_MODEL_UPSTREAM : 'https://api.anthropic.com' );
		if ( ! is_string( $url ) ) {
			return null;
		}
		$url   = untrailingslashit( $url );
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) ) {
			return null;
		}
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$host   = strtolower( $parts['host'] );
		if ( 'https' === $scheme || ( 'http' === $scheme && in_array( $host, array( '127.0.0.1', 'localhost', '[::1]' ), true ) ) ) {
			return $url;
		}
		return null;
	}

	/**
	 * Whether the current user may use the connection now, in the written order: no
	 * Connectors, no key, a refused upstream, not enabled, not allowed.
	 *
	 * @return array array( 'reason' => string|null, 'source' => string|null, 'key' => string|null, 'upstream' => string|null ).
	 */
	public static function availability() {
		$key    = self::key();
		$answer = array(
			'reason'   => null,
			'source'   => $key['source'] ?? null,
			'key'      => $key['key'] ?? null,
			'upstream' => null,
		);
		if ( null === $key ) {
			$answer['reason'] = 'no-connectors';
			return $answer;
		}
		if ( null === $key['key'] ) {
			$answer['reason'] = 'no-key';
			return $answer;
		}
		$answer['upstream'] = self::upstream();
		if ( null === $answer['upstream'] ) {
			$answer['reason'] = 'bad-upstream';
		} elseif ( ! self::enabled() ) {
			$answer['reason'] = 'disabled';
		} elseif ( ! current_user_can( (string) apply_filters( 'countersign_site_model_capability', 'edit_posts' ) ) ) {
			$answer['reason'] = 'not-allowed';
		}
		return $answer;
	}

	/**
	 * The sentence for the person saying why the connection is not theirs to use, and what to do.
	 *
	 * @param string $reason A reason of availability(), or 'limit'.
	 * @return string
	 */
	public static function message( $reason ) {
		switch ( $reason ) {
			case 'no-connectors':
				return __( 'This site cannot lend you its AI connection: that needs WordPress 7.0 or newer. Use your own Anthropic key.', 'countersign' );
			case 'no-key':
				return __( 'This site has no Anthropic key in Settings → Connectors. Ask the site\'s admin to add one, or use your own Anthropic key.', 'countersign' );
			case 'bad-upstream':
				return __( 'This site\'s AI connection is set to an address the site refuses to send its key to (only https is allowed). Ask the site\'s admin, or use your own Anthropic key.', 'countersign' );
			case 'disabled':
				return __( 'The site\'s admin has not allowed this site\'s AI connection to be used from Countersign. Ask them to allow it in Settings → Countersign, or use your own Anthropic key.', 'countersign' );
			case 'not-allowed':
				return __( 'Your role on this site may not use its AI connection. Ask the site\'s admin, or use your own Anthropic key.', 'countersign' );
			case 'limit':
				$limit = self::daily_limit();
				/* translators: %d: the number of requests a person may send through the site's AI connection each day. */
				return sprintf( _n( 'You have used the %d request a day this site\'s AI connection allows you; it opens again tomorrow. Ask the site\'s admin for more, or use your own Anthropic key.', 'You have used the %d requests a day this site\'s AI connection allows you; it opens again tomorrow. Ask the site\'s admin for more, or use your own Anthropic key.', $limit, 'countersign' ), $limit );
		}
		return '';
	}

	/**
	 * GET /model: the connection as the caller may use it; never the key, nor any part of it.
	 *
	 * @return array
	 */
	public static function describe() {
		$state = self::availability();
		return array(
			'available'  => null === $state['reason'],
			'reason'     => $state['reason'],
			'message'    => null === $state['reason'] ? null : self::message( $state['reason'] ),
			'dailyLimit' => self::daily_limit(),
			'usedToday'  => Countersign_Site_Model_Usage::today( get_current_user_id() )['requests'],
			'keySource'  => current_user_can( 'manage_options' ) ? $state['source'] : null,
		);
	}

	/**
	 * An answer in the Messages API's error shape, with this site's reason beside it.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $type    Anthropic error type (permission_error, invalid_request_error, api_error).
	 * @param string $message The sentence.
	 * @param string $reason  This site's reason.
	 * @return WP_REST_Response
	 */
	public static function refusal( $status, $type, $message, $reason ) {
		return new WP_REST_Response(
			array(
				'type'        => 'error',
				'error'       => array(
					'type'    => $type,
					'message' => $message,
				),
				'countersign' => array( 'reason' => $reason ),
			),
			$status
		);
	}
}
