import { http, HttpResponse } from 'msw';
import { testClient } from '../../store/testDependencies';

/**
 * Any share host's GET member-integration-client/{ClientID}: the test client, whose brand a share view
 * wears (issue 8 item 2).
 */
export const clientHandler = http.get(
  '*/api/member-integration-public/member-integration-client/:ClientID',
  () => HttpResponse.json(testClient),
);
