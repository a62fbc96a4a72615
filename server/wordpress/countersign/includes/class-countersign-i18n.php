<?php
/**
 * Issue 37 item 3: the plugin speaks the language of the person it answers. Its strings use
 * the text domain `countersign` (languages/, built by scripts/make-pot.php), and its REST
 * answers follow the requesting user's profile language.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Loads the text domain and switches countersign/v1 requests to the user's locale.
 *
 * WordPress answers REST requests in the site's language: determine_locale() uses the
 * user's own locale only in the admin or with `?_locale=user`, which the extension's
 * requests do not send. An editor whose profile is German would read English refusals on a
 * German admin. So, once the request is authenticated (rest_pre_dispatch runs after the
 * cookie and nonce check, before the permission callback and the `args` validation), a
 * request to this namespace switches to the user's locale, and core's own messages
 * (`rest_invalid_param`) follow too when WordPress has that language installed.
 */
class Countersign_I18n {

	/** The text domain. */
	const DOMAIN = 'countersign';

	/**
	 * The locale loaded for the domain by this class ('' before the first load).
	 *
	 * @var string
	 */
	private static $loaded = '';

	/**
	 * Whether this request switched the locale (and must restore it).
	 *
	 * @var bool
	 */
	private static $switched = false;

	/**
	 * The directory of the shipped translations.
	 *
	 * @return string
	 */
	public static function dir() {
		return dirname( COUNTERSIGN_FILE ) . '/languages';
	}

	/**
	 * `init`: loads the text domain the WordPress way (a translation in
	 * wp-content/languages/plugins/ wins over the shipped one).
	 */
	public static function load() {
		load_plugin_textdomain( self::DOMAIN, false, dirname( plugin_basename( COUNTERSIGN_FILE ) ) . '/languages' );
		self::$loaded = determine_locale();
	}

	/**
	 * Loads the domain for a locale, replacing what is loaded.
	 *
	 * @param string $locale Locale, such as de_DE.
	 */
	public static function load_for( $locale ) {
		if ( self::$loaded === $locale ) {
			return;
		}
		unload_textdomain( self::DOMAIN );
		// A translation installed in wp-content/languages/plugins/ first, as WordPress does.
		$installed = WP_LANG_DIR . '/plugins/' . self::DOMAIN . '-' . $locale . '.mo';
		if ( ! load_textdomain( self::DOMAIN, $installed, $locale ) ) {
			load_textdomain( self::DOMAIN, self::dir() . '/' . self::DOMAIN . '-' . $locale . '.mo', $locale );
		}
		self::$loaded = $locale;
	}

	/**
	 * `rest_pre_dispatch`: a request to countersign/v1 by a signed-in user answers in that
	 * user's locale. Returns the result untouched.
	 *
	 * @param mixed           $result  The answer so far (null: dispatch normally).
	 * @param WP_REST_Server  $server  The server.
	 * @param WP_REST_Request $request The request.
	 * @return mixed
	 */
	public static function follow_user( $result, $server, $request ) {
		unset( $server );
		if ( ! $request instanceof WP_REST_Request || ! self::ours( $request ) || ! is_user_logged_in() ) {
			return $result;
		}
		$locale = get_user_locale();
		if ( $locale !== determine_locale() ) {
			// Core's strings too, when WordPress has the language; false when it has not.
			self::$switched = switch_to_locale( $locale );
		}
		self::load_for( $locale );
		return $result;
	}

	/**
	 * `rest_post_dispatch`: back to the locale the request started in, once the answer (and
	 * every message in it) is built.
	 *
	 * @param WP_HTTP_Response $response The answer.
	 * @param WP_REST_Server   $server   The server.
	 * @param WP_REST_Request  $request  The request.
	 * @return WP_HTTP_Response
	 */
	public static function restore( $response, $server, $request ) {
		unset( $server );
		if ( $request instanceof WP_REST_Request && self::ours( $request ) ) {
			if ( self::$switched ) {
				restore_previous_locale();
				self::$switched = false;
			}
			self::load_for( determine_locale() );
		}
		return $response;
	}

	/**
	 * `change_locale`: whoever switches the locale (this class, or another plugin) gets this
	 * domain in the new locale, shipped translations included.
	 *
	 * @param string $locale The new locale.
	 */
	public static function changed( $locale ) {
		self::$loaded = '';
		self::load_for( $locale );
	}

	/**
	 * Whether a request is one of this plugin's routes.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return bool
	 */
	private static function ours( $request ) {
		$route = $request->get_route();
		return '/' . Countersign_Rest::NS === $route || str_starts_with( $route, '/' . Countersign_Rest::NS . '/' );
	}
}
