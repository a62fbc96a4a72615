<?php
/**
 * Issue 34 item 4: what each person spent of the site's AI connection, today and in all, kept
 * in their user meta for this site.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Counts requests and tokens per user and per site day, and reports them to the admin.
 *
 * The meta is a user option (update_user_option): its key carries this site's table prefix,
 * so on a network each site counts against its own key and limit, and each site's admin sees
 * only their site's use.
 */
class Countersign_Site_Model_Usage {

	/** The user option (prefixed by the site's table prefix in the meta table). */
	const META = 'countersign_site_model_usage';

	/**
	 * The site's day now (its timezone), which a new day resets today's counts by.
	 *
	 * @return string YYYY-MM-DD.
	 */
	public static function day() {
		return wp_date( 'Y-m-d' );
	}

	/**
	 * A user's counts, today's reset when the stored day is not today.
	 *
	 * @param int $user_id User.
	 * @return array day, requests, input, output, total_requests, total_input, total_output.
	 */
	public static function today( $user_id ) {
		$stored = $user_id ? get_user_option( self::META, $user_id ) : false;
		$stored = is_array( $stored ) ? $stored : array();
		$usage  = array(
			'day'            => self::day(),
			'requests'       => 0,
			'input'          => 0,
			'output'         => 0,
			'total_requests' => (int) ( $stored['total_requests'] ?? 0 ),
			'total_input'    => (int) ( $stored['total_input'] ?? 0 ),
			'total_output'   => (int) ( $stored['total_output'] ?? 0 ),
		);
		if ( ( $stored['day'] ?? '' ) === $usage['day'] ) {
			foreach ( array( 'requests', 'input', 'output' ) as $field ) {
				$usage[ $field ] = (int) ( $stored[ $field ] ?? 0 );
			}
		}
		return $usage;
	}

	/**
	 * Adds to a user's counts (read, add, write: two requests of the same person at the same
	 * instant may each miss the other's count; the limit is a budget, not a lock).
	 *
	 * @param int $user_id  User.
	 * @param int $requests Requests to add.
	 * @param int $input    Input tokens to add.
	 * @param int $output   Output tokens to add.
	 */
	public static function add( $user_id, $requests, $input = 0, $output = 0 ) {
		if ( ! $user_id ) {
			return;
		}
		$usage                    = self::today( $user_id );
		$usage['requests']       += $requests;
		$usage['total_requests'] += $requests;
		$usage['input']          += $input;
		$usage['total_input']    += $input;
		$usage['output']         += $output;
		$usage['total_output']   += $output;
		update_user_option( $user_id, self::META, $usage );
	}

	/**
	 * GET /model/usage (manage_options): every user who used the connection on this site,
	 * most requests today first.
	 *
	 * @return array
	 */
	public static function report() {
		global $wpdb;
		$users = get_users(
			array(
				'blog_id'  => 0, // The meta key is this site's already; a super admin need not be a member.
				'meta_key' => $wpdb->get_blog_prefix() . self::META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- the admin's report, on the users who used it.
				'fields'   => array( 'ID', 'display_name' ),
			)
		);
		$rows  = array();
		foreach ( $users as $user ) {
			$usage  = self::today( (int) $user->ID );
			$rows[] = array(
				'id'                => (int) $user->ID,
				'name'              => $user->display_name,
				'requestsToday'     => $usage['requests'],
				'inputTokensToday'  => $usage['input'],
				'outputTokensToday' => $usage['output'],
				'requestsTotal'     => $usage['total_requests'],
				'inputTokensTotal'  => $usage['total_input'],
				'outputTokensTotal' => $usage['total_output'],
			);
		}
		usort( $rows, fn( $a, $b ) => array( $b['requestsToday'], $b['requestsTotal'], $a['id'] ) <=> array( $a['requestsToday'], $a['requestsTotal'], $b['id'] ) );
		return array(
			'day'   => self::day(),
			'users' => $rows,
		);
	}

	/**
	 * Removes every user's counts on the current site (uninstall).
	 */
	public static function delete_all() {
		global $wpdb;
		delete_metadata( 'user', 0, $wpdb->get_blog_prefix() . self::META, '', true );
	}
}
