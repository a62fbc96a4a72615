<?php
/**
 * Who may write to the site's Countersign tables at all, and how often (issue 33 item 6).
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Site membership for writes, and per-user rate limits that answer 429 with Retry-After.
 */
class Countersign_Guard {

	/** The transient prefix of a user's counter in one bucket. */
	const PREFIX = 'countersign_rl_';

	/**
	 * Permission: logged in and holding a role on this site. On a multisite network a user
	 * signed in to the network but with no role on this site (or a user whose role was taken
	 * away) holds no `read`, so they cannot fill this site's tables.
	 *
	 * @return true|WP_Error
	 */
	public static function member() {
		$in = Countersign_Rest::logged_in();
		if ( true !== $in ) {
			return $in;
		}
		if ( ! is_user_member_of_blog() || ! current_user_can( 'read' ) ) {
			return Countersign_Errors::make( 'countersign_not_member', __( 'You have no role on this site: ask its administrator to add you before Countersign can store anything here.', 'countersign' ), 403 );
		}
		return true;
	}

	/**
	 * The limits per bucket: at most `max` requests per user in `window` seconds.
	 *
	 * @return array<string, array{max: int, window: int}>
	 */
	public static function limits() {
		$defaults = array(
			// The mirror sends at most 500 records a batch and backs off on 429 (Retry-After).
			'records_batch'   => array(
				'max'    => 120,
				'window' => 60,
			),
			// A person's browser offers a call when its card appears, and again after a refresh.
			'approvals_offer' => array(
				'max'    => 60,
				'window' => 60,
			),
		);
		/**
		 * Filters the per-user rate limits of the Countersign routes.
		 *
		 * @param array $defaults Bucket => array( 'max' => requests, 'window' => seconds ).
		 */
		$limits = apply_filters( 'countersign_rate_limits', $defaults );
		return is_array( $limits ) ? $limits : $defaults;
	}

	/**
	 * Counts one request of the current user in a bucket. Null when within the limit, else
	 * the 429 answer with Retry-After (nothing is written).
	 *
	 * @param string $bucket A key of limits().
	 * @return WP_REST_Response|null
	 */
	public static function spend( $bucket ) {
		$limit  = self::limits()[ $bucket ] ?? null;
		$max    = is_array( $limit ) ? (int) ( $limit['max'] ?? 0 ) : 0;
		$window = is_array( $limit ) ? max( 1, min( DAY_IN_SECONDS, (int) ( $limit['window'] ?? 60 ) ) ) : 60;
		if ( $max < 1 ) {
			return null;
		}
		$key   = self::PREFIX . $bucket . '_' . get_current_user_id();
		$now   = time();
		$state = get_transient( $key );
		if ( ! is_array( $state ) || ! isset( $state[0], $state[1] ) || (int) $state[0] + $window <= $now ) {
			$state = array( $now, 0 );
		}
		if ( (int) $state[1] >= $max ) {
			$wait = max( 1, (int) $state[0] + $window - $now );
			/* translators: 1: how many requests, 2: seconds, 3: seconds to wait. */
			return Countersign_Errors::retry_later( 'countersign_rate_limited', sprintf( __( 'Too many requests: at most %1$d in %2$d seconds. Try again in %3$d seconds.', 'countersign' ), $max, $window, $wait ), 429, $wait );
		}
		// One transient per user and bucket, gone when its window ends: the table stays bounded.
		set_transient( $key, array( (int) $state[0], (int) $state[1] + 1 ), max( 1, (int) $state[0] + $window - $now ) );
		return null;
	}
}
