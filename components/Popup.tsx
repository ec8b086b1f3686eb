import { App } from './app/App';

export function Popup() {
  return (
    <div class="popup">
      <App />
    </div>
  );
}
