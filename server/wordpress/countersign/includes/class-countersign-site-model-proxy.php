<?php
/**
 * Issue 34 item 4: POST /countersign/v1/model/v1/messages, the Messages API of Anthropic
 * answered with the site's key. The extension's @anthropic-ai/sdk posts here with the
 * person's cookie and nonce and no key; this server checks who asks and what, counts the
 * request, and forwards the body with the site's key and nothing else of the browser's.
 *
 * @package Countersign
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks and forwards one Messages request, streaming or not, and counts its tokens.
 */
class Countersign_Site_Model_Proxy {

	/** The largest body forwarded. */
	const MAX_BODY_BYTES = 8388608;

	/** The top-level fields of a Messages request this site forwards. */
	const FIELDS = array( 'model', 'max_tokens', 'messages', 'system', 'tools', 'tool_choice', 'thinking', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream', 'metadata' );

	/** The Messages API version sent when the request names none (or a malformed one). */
	const VERSION = '2023-06-01';

	/**
	 * The upstream's answer so far: status, content type, body (when not streamed), the
	 * SSE text not yet parsed, tokens, and whether the answer is being streamed to the browser.
	 *
	 * @var array
	 */
	private $answer = array(
		'status'    => 0,
		'type'      => '',
		'body'      => '',
		'pending'   => '',
		'input'     => 0,
		'output'    => 0,
		'streaming' => false,
	);

	/**
	 * The site's key (for redaction).
	 *
	 * @var string
	 */
	private $key;

	/**
	 * Whether the browser asked for a stream.
	 *
	 * @var bool
	 */
	private $stream;

	/**
	 * A forwarding of one request.
	 *
	 * @param string $key    The site's key.
	 * @param bool   $stream Whether the request streams.
	 */
	private function __construct( $key, $stream ) {
		$this->key    = $key;
		$this->stream = $stream;
	}

	/**
	 * The route's callback.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function messages( $request ) {
		$state = Countersign_Site_Model::availability();
		if ( null !== $state['reason'] ) {
			return Countersign_Site_Model::refusal( 403, 'permission_error', Countersign_Site_Model::message( $state['reason'] ), $state['reason'] );
		}
		$user = get_current_user_id();
		if ( Countersign_Site_Model_Usage::today( $user )['requests'] >= Countersign_Site_Model::daily_limit() ) {
			return Countersign_Site_Model::refusal( 403, 'permission_error', Countersign_Site_Model::message( 'limit' ), 'limit' );
		}
		$raw = (string) $request->get_body();
		if ( strlen( $raw ) > self::MAX_BODY_BYTES ) {
			/* translators: %d: the largest body in megabytes. */
			return self::bad( sprintf( __( 'The request is larger than the %d MB this site forwards.', 'countersign' ), self::MAX_BODY_BYTES / 1048576 ), 413 );
		}
		$body    = json_decode( $raw );
		$problem = self::problem( $body );
		if ( null !== $problem ) {
			return self::bad( $problem, 400 );
		}
		// Counted before it leaves: a request that reaches Anthropic has cost the site, whatever
		// happens to the answer on its way back.
		Countersign_Site_Model_Usage::add( $user, 1 );
		$forward = new self( $state['key'], true === ( $body->stream ?? false ) );
		return $forward->send( $state['upstream'] . '/v1/messages', $raw, self::headers( $request, $state['key'] ), $user );
	}

	/**
	 * What is wrong with the body, or null.
	 *
	 * @param mixed $body The decoded body.
	 * @return string|null
	 */
	private static function problem( $body ) {
		if ( ! $body instanceof stdClass ) {
			return __( 'The request body must be a JSON object.', 'countersign' );
		}
		foreach ( array_keys( get_object_vars( $body ) ) as $field ) {
			if ( ! in_array( $field, self::FIELDS, true ) ) {
				/* translators: %s: the top-level field of the request. */
				return sprintf( __( '"%s" is not a field this site forwards to Anthropic.', 'countersign' ), $field );
			}
		}
		$model = $body->model ?? null;
		if ( ! is_string( $model ) || ! preg_match( '/^[A-Za-z0-9._:-]{1,100}$/', $model ) ) {
			return __( '"model" must be a model name (letters, digits and . _ : -, at most 100).', 'countersign' );
		}
		$max = $body->max_tokens ?? null;
		if ( ! is_int( $max ) || $max < 1 || $max > 64000 ) {
			return __( '"max_tokens" must be a whole number from 1 to 64000.', 'countersign' );
		}
		if ( ! is_array( $body->messages ?? null ) || array() === $body->messages ) {
			return __( '"messages" must be a list of at least one message.', 'countersign' );
		}
		return null;
	}

	/**
	 * A refused request, in Anthropic's shape.
	 *
	 * @param string $message The sentence.
	 * @param int    $status  400 or 413.
	 * @return WP_REST_Response
	 */
	private static function bad( $message, $status ) {
		return Countersign_Site_Model::refusal( $status, 'invalid_request_error', $message, 'bad-request' );
	}

	/**
	 * The headers sent to Anthropic: the site's key and the API's own headers, when well
	 * formed; nothing else of the browser's (no cookie, no nonce).
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $key     The site's key.
	 * @return string[]
	 */
	private static function headers( $request, $key ) {
		$version = (string) $request->get_header( 'anthropic-version' );
		$headers = array(
			'x-api-key: ' . $key,
			'content-type: application/json',
			'anthropic-version: ' . ( preg_match( '/^\d{4}-\d{2}-\d{2}$/', $version ) ? $version : self::VERSION ),
			'Expect:', // No 100-continue round trip for a large body.
		);
		$beta = (string) $request->get_header( 'anthropic-beta' );
		if ( '' !== $beta && preg_match( '/^[a-z0-9,._-]+$/i', $beta ) ) {
			$headers[] = 'anthropic-beta: ' . $beta;
		}
		return $headers;
	}

	/**
	 * Forwards the body and answers: a stream is written to the browser as it comes (and the
	 * request ends here); anything else comes back as a response.
	 *
	 * @param string $url     The upstream's messages URL.
	 * @param string $raw     The body, as the browser sent it.
	 * @param array  $headers The headers.
	 * @param int    $user    The user the tokens are counted for.
	 * @return WP_REST_Response
	 */
	private function send( $url, $raw, $headers, $user ) {
		if ( $this->stream ) {
			// A stream may run for minutes; the browser leaving must not lose the tokens' count.
			ignore_user_abort( true );
			if ( function_exists( 'set_time_limit' ) ) {
				set_time_limit( 660 );
			}
		}
		$curl = curl_init( $url );
		curl_setopt_array(
			$curl,
			array(
				CURLOPT_POST           => true,
				CURLOPT_POSTFIELDS     => $raw,
				CURLOPT_HTTPHEADER     => $headers,
				CURLOPT_CONNECTTIMEOUT => 15,
				CURLOPT_TIMEOUT        => 600,
				CURLOPT_FOLLOWLOCATION => false,
				CURLOPT_PROTOCOLS      => CURLPROTO_HTTP | CURLPROTO_HTTPS,
				CURLOPT_HEADERFUNCTION => array( $this, 'header' ),
				CURLOPT_WRITEFUNCTION  => array( $this, 'write' ),
			)
		);
		$ok    = curl_exec( $curl );
		$error = $ok ? '' : curl_error( $curl );
		curl_close( $curl );
		if ( $this->answer['streaming'] ) {
			$this->parse( "\n" );
			if ( '' !== $error && ! connection_aborted() ) {
				// The status is sent: the SDK reads a failure mid-stream as an error event.
				echo 'event: error' . "\n" . 'data: ' . wp_json_encode( self::unreachable( $error )->get_data() ) . "\n\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON in an event stream.
				flush();
			}
			Countersign_Site_Model_Usage::add( $user, 0, $this->answer['input'], $this->answer['output'] );
			exit;
		}
		if ( '' !== $error ) {
			return self::unreachable( $error );
		}
		$text = str_replace( $this->key, '[redacted]', $this->answer['body'] );
		$json = json_decode( $text );
		if ( ! is_object( $json ) ) {
			/* translators: %d: the HTTP status of Anthropic's answer. */
			return Countersign_Site_Model::refusal( 502, 'api_error', sprintf( __( 'Anthropic answered with something that is not JSON (HTTP %d).', 'countersign' ), $this->answer['status'] ), 'upstream' );
		}
		if ( $this->answer['status'] >= 200 && $this->answer['status'] < 300 ) {
			$usage = $json->usage ?? null;
			Countersign_Site_Model_Usage::add( $user, 0, (int) ( $usage->input_tokens ?? 0 ), (int) ( $usage->output_tokens ?? 0 ) );
		}
		if ( '' === get_status_header_desc( $this->answer['status'] ) ) {
			// WordPress sends no status it has no name for (status_header() returns early), so
			// Anthropic's 529 "overloaded" would reach the SDK as 200: send it here.
			http_response_code( $this->answer['status'] );
		}
		// Decoded as objects, so wp_json_encode() writes back {} where Anthropic wrote {}.
		return new WP_REST_Response( $json, $this->answer['status'] );
	}

	/**
	 * The 502 for an upstream the site could not reach (the error text of curl names no key:
	 * the key travels in a header, never in the URL).
	 *
	 * @param string $error curl's error.
	 * @return WP_REST_Response
	 */
	private static function unreachable( $error ) {
		/* translators: %s: the network error, in English, as the server's HTTP library words it. */
		return Countersign_Site_Model::refusal( 502, 'api_error', sprintf( __( 'The site could not reach Anthropic (%s).', 'countersign' ), $error ), 'upstream' );
	}

	/**
	 * CURLOPT_HEADERFUNCTION: the status (of the last status line: a 100 comes first) and type.
	 *
	 * @param resource|CurlHandle $curl The handle.
	 * @param string              $line A header line.
	 * @return int
	 */
	public function header( $curl, $line ) {
		unset( $curl );
		if ( preg_match( '#^HTTP/[\d.]+\s+(\d{3})#', $line, $m ) ) {
			$this->answer['status'] = (int) $m[1];
		} elseif ( 0 === stripos( $line, 'content-type:' ) ) {
			$this->answer['type'] = trim( substr( $line, 13 ) );
		}
		return strlen( $line );
	}

	/**
	 * CURLOPT_WRITEFUNCTION: a successful stream goes to the browser chunk by chunk; anything
	 * else is kept to answer with.
	 *
	 * @param resource|CurlHandle $curl  The handle.
	 * @param string              $chunk What arrived.
	 * @return int The bytes taken (fewer stops the transfer).
	 */
	public function write( $curl, $chunk ) {
		unset( $curl );
		$ok = $this->answer['status'] >= 200 && $this->answer['status'] < 300;
		if ( ! $this->stream || ! $ok ) {
			$this->answer['body'] .= $chunk;
			return strlen( $chunk );
		}
		if ( ! $this->answer['streaming'] ) {
			$this->start_stream();
		}
		echo str_replace( $this->key, '[redacted]', $chunk ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Anthropic's event stream, passed through.
		flush();
		$this->parse( $chunk );
		// Once the browser is gone, stop: Anthropic stops generating when the connection closes.
		return connection_aborted() ? 0 : strlen( $chunk );
	}

	/**
	 * Sends the stream's status and headers. A REST callback's answer is normally sent by
	 * WP_REST_Server after the callback returns, as one JSON document; a stream must reach
	 * the browser event by event while Anthropic writes it, so this request sends its own
	 * headers now, writes the events as they arrive, and ends in send() (exit) once counted.
	 */
	private function start_stream() {
		$this->answer['streaming'] = true;
		// Anything buffered (a notice, a BOM) would corrupt the stream and hold it back.
		while ( ob_get_level() > 0 && ob_end_clean() ) {
			continue;
		}
		if ( ! headers_sent() ) {
			http_response_code( $this->answer['status'] );
			header( 'Content-Type: ' . ( '' !== $this->answer['type'] ? $this->answer['type'] : 'text/event-stream' ) );
			header( 'Cache-Control: no-cache' );
			header( 'X-Accel-Buffering: no' );
			header_remove( 'Content-Length' );
		}
	}

	/**
	 * Reads the tokens of the SSE stream: `message_start` carries the input tokens,
	 * `message_delta` the output tokens so far. A line cut between chunks waits for its end.
	 *
	 * @param string $chunk The next text of the stream.
	 */
	private function parse( $chunk ) {
		$text  = $this->answer['pending'] . $chunk;
		$lines = explode( "\n", $text );
		// The last piece has no newline yet: keep it for the next chunk.
		$this->answer['pending'] = (string) array_pop( $lines );
		foreach ( $lines as $line ) {
			$line = rtrim( $line, "\r" );
			if ( 0 !== strpos( $line, 'data:' ) ) {
				continue;
			}
			$event = json_decode( ltrim( substr( $line, 5 ) ) );
			if ( ! is_object( $event ) ) {
				continue;
			}
			if ( 'message_start' === ( $event->type ?? '' ) && isset( $event->message->usage->input_tokens ) ) {
				$this->answer['input'] = (int) $event->message->usage->input_tokens;
			} elseif ( 'message_delta' === ( $event->type ?? '' ) && isset( $event->usage->output_tokens ) ) {
				$this->answer['output'] = max( $this->answer['output'], (int) $event->usage->output_tokens );
			}
		}
	}
}
