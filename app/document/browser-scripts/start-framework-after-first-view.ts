import { afterFirstView } from './after-first-view'
import { ownNonce, startFramework } from './framework-starter'

// Once the first view has been painted: the framework's fetch and evaluation never compete with it (decision 0013).
const nonce = ownNonce()
afterFirstView(() => startFramework(nonce))
