"""One router per surface: health, REST evaluate/decision, SSE stream, WebSocket."""
