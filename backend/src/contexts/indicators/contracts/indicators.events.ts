/*
 * The indicators' events (issue 29 item 7, docs/adr/0056): the centre's choice to publish its
 * results (Qualiopi indicator 2) on a public page. The figures themselves are read, never recorded.
 */
export const PUBLIC_RESULTS_STREAM = 'indicators.public-results';

export interface PublicResultsChanged {
  type: 'PublicResultsChanged';
  payload: { enabled: boolean };
}
export type IndicatorsEvent = PublicResultsChanged;
