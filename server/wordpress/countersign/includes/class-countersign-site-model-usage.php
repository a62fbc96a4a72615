<?php
/**
 * Issue 34 item 4: what each person spent of the site's AI connection, today and in all, kept
 * in their user meta.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Counts requests and tokens per user and per site day, and reports them to the admin.
 *
 * The meta key is `countersign_site_model_usage`, as the extension's tests and the docs name
 * it. User meta is shared by the sites of a network, so there a person's counts (and limit)
 * span every site that lends its connection (docs/server.md, "Not (yet) handled").
 */
class Countersign_Site_Model_Usage {

	/** The user meta key. */
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
		$stored = $user_id ? get_user_meta( $user_id, self::META, true ) : false;
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
		update_user_meta( $user_id, self::META, $usage );
	}

	/**
	 * GET /model/usage (manage_options): every user who used the connection on this site,
	 * most requests today first.
	 *
	 * @return array
	 */
	public static function report() {
		$users = get_users(
			array(
				'meta_key' => self::META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- the admin's report, on the users who used it.
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
	 * Removes every user's counts (uninstall).
	 */
	public static function delete_all() {
		delete_metadata( 'user', 0, self::META, '', true );
	}
}
