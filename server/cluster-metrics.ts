import cluster from 'node:cluster'
import client from 'prom-client'

/**
 * Several workers behind one port (decision 0026): a scrape reaches one of them, which asks the
 * primary for every worker's figures; the primary gathers them with prom-client's
 * AggregatorRegistry (counters and histograms summed, each metric by its own `aggregator`).
 */
const question = 'metrics-question'
const answer = 'metrics-answer'

interface MetricsMessage {
  type?: string
  requestId?: string
  metrics?: string
  error?: string
}

/** In the primary: answers a worker's question with every worker's figures. */
export function answerMetricsQuestions() {
  const aggregator = new client.AggregatorRegistry()
  cluster.on('message', (sender, message: MetricsMessage) => {
    if (message?.type !== question) return
    aggregator
      .clusterMetrics()
      .then((metrics) => sender.send({ type: answer, requestId: message.requestId, metrics }))
      .catch((error: Error) => sender.send({ type: answer, requestId: message.requestId, error: error.message }))
  })
}

/** In a worker: makes `registry` the one the primary gathers. */
export function shareWithPrimary(registry: client.Registry) {
  // Its constructor starts the worker's side of the exchange.
  new client.AggregatorRegistry()
  client.AggregatorRegistry.setRegistries([registry])
}

let questionsAsked = 0
/** prom-client's primary gives up on a worker after 5 s. */
const answerTimeoutMs = 6_000

/** In a worker: every worker's figures, in the text format, from the primary. */
export function askPrimaryForMetrics(): Promise<string> {
  const requestId = `${process.pid}:${(questionsAsked += 1)}`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', hear)
      reject(new Error('The primary did not send the metrics in time'))
    }, answerTimeoutMs)
    function hear(message: MetricsMessage) {
      if (message?.type !== answer || message.requestId !== requestId) return
      clearTimeout(timer)
      process.off('message', hear)
      if (message.metrics === undefined) reject(new Error(message.error ?? 'The primary sent no metrics'))
      else resolve(message.metrics)
    }
    process.on('message', hear)
    process.send!({ type: question, requestId })
  })
}
