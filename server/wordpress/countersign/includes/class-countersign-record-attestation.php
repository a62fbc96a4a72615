<?php
/**
 * A7: what the site attests about each record it answers with, next to what the browser
 * only reported. The site saw who sent each version and when; it saw a second approver's
 * decision and a site policy change itself; everything else is the browser's word.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * The `attestation` of a record in GET /records.
 */
class Countersign_Record_Attestation {

	/** The facts of a record that only the browser reported (the site saw none of them). */
	const REPORTED = array( 'createdAt', 'updatedAt', 'decidedBy', 'decidedAt', 'history', 'outcome', 'resultSummary', 'approvedEdit' );

	/**
	 * The decisions taken through the site for these records (the last one of each) and
	 * the records the site wrote itself, read from the site's own chain:
	 * id => { site_decision?: row, site_record?: row }.
	 *
	 * @param string[] $ids Record ids.
	 * @return array
	 */
	public static function decisions( $ids ) {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$table = Countersign_Chain::table();
		$in    = implode( ',', array_fill( 0, count( $ids ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and placeholders only.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT record_id, event, status, user_id, user_login, received_at FROM $table WHERE event IN ('site_decision', 'site_record') AND record_id IN ($in) ORDER BY seq", $ids ) );
		$out  = array();
		foreach ( (array) $rows as $row ) {
			$out[ $row->record_id ][ $row->event ] = $row;
		}
		return $out;
	}

	/**
	 * One record's attestation.
	 *
	 * @param object $row   Stored row (user_id, sender_login, received_at, first_received_at).
	 * @param array  $chain The record's entry of decisions().
	 * @param array  $names Display names by user id.
	 * @return array
	 */
	public static function of( $row, $chain, $names ) {
		$by_site  = isset( $chain['site_record'] );
		$decision = $chain['site_decision'] ?? null;
		$site    = array(
			'sender'          => array(
				'userId'      => (string) $row->user_id,
				'login'       => (string) $row->sender_login,
				'displayName' => $names[ (int) $row->user_id ] ?? '',
			),
			'receivedAt'      => (int) $row->received_at,
			'firstReceivedAt' => (int) ( $row->first_received_at ?: $row->received_at ),
			'writtenBySite'   => $by_site,
			'decision'        => null,
		);
		if ( $decision ) {
			$site['decision'] = array(
				'status' => $decision->status,
				'by'     => (string) $decision->user_id,
				'login'  => (string) $decision->user_login,
				'name'   => $names[ (int) $decision->user_id ] ?? '',
				'at'     => (int) $decision->received_at,
			);
		}
		return array(
			'site'     => $site,
			'reported' => $by_site ? array() : self::REPORTED,
		);
	}
}
