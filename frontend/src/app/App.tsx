import { AppRoutes } from './router';
import { ScrollToTop } from './ScrollToTop';
import { SessionBootstrap } from './SessionBootstrap';

export function App() {
  return (
    <SessionBootstrap>
      <ScrollToTop />
      <AppRoutes />
    </SessionBootstrap>
  );
}
