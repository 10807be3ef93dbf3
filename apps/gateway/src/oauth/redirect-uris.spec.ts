import { redirectUriProblem } from './redirect-uris';

describe('redirectUriProblem', () => {
  it.each(['https://app.example.sa/callback', 'http://localhost:8080/cb', 'http://127.0.0.1/cb', 'http://[::1]:9/cb'])(
    'should accept %s',
    (uri) => expect(redirectUriProblem(uri)).toBeUndefined(),
  );

  it.each([
    'http://app.example.sa/cb',
    'myapp://cb',
    'https://app.example.sa/cb#x',
    'not a url',
    'javascript:alert(1)',
  ])('should refuse %s', (uri) => expect(redirectUriProblem(uri)).toBeDefined());
});
