/**
 * What a message in a conversation causes, besides its own rows (decisions 0021, 0062): every listener of the
 * messages' events, in the order they run, inside the writer's transaction. None yet: the bell hears of messages
 * once the notifications know the kind "message".
 */
export {};
